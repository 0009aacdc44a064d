import { describe, expect, it } from 'vitest';
import { decideServerDraft, rememberSaved, stableJson } from './draft-sync.ts';

describe('stableJson', () => {
  it('ignores key order and undefined fields', () => {
    expect(stableJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(stableJson({ a: { d: [1, { x: 1, y: 2 }] }, b: 1 }));
    expect(stableJson({ a: [2, 1] })).not.toBe(stableJson({ a: [1, 2] }));
  });
});

describe('decideServerDraft', () => {
  const base = { incoming: 'B', current: 'A', hasUnsavedLocal: false, recentlySaved: new Set<string>() };

  it('applies a draft from another tab when this one is idle', () => {
    expect(decideServerDraft(base)).toBe('apply');
  });

  it('never overwrites edits that are still waiting to be saved', () => {
    expect(decideServerDraft({ ...base, hasUnsavedLocal: true })).toBe('ignore');
  });

  it('ignores a late echo of its own earlier save', () => {
    expect(decideServerDraft({ ...base, recentlySaved: new Set(['B']) })).toBe('ignore');
  });

  it('has nothing to do when the server agrees with the form', () => {
    expect(decideServerDraft({ ...base, incoming: 'A' })).toBe('same');
  });
});

describe('rememberSaved', () => {
  it('keeps the newest entries only', () => {
    const saved = new Set<string>();
    for (const json of ['1', '2', '3', '4']) rememberSaved(saved, json, 3);
    expect([...saved]).toEqual(['2', '3', '4']);
  });
});
