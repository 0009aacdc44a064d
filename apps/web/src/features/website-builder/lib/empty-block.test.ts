import { BLOCK_TYPES, WebsitePageContentSchema } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { BLOCK_DEFAULTS } from './block-defaults.ts';
import { emptyBlockNote } from './empty-block.ts';

describe('new blocks and the canvas note', () => {
  it('every new block saves as it is', () => {
    const content = { root: { props: {} }, content: BLOCK_TYPES.filter((type) => type !== 'Columns').map((type, index) => ({ type, props: { id: `b${index}`, ...BLOCK_DEFAULTS[type] } })) };
    expect(WebsitePageContentSchema.safeParse(content).success).toBe(true);
  });

  it('a new text block is noted on the canvas until its text is written, then shows', () => {
    expect(emptyBlockNote('Testimonials', BLOCK_DEFAULTS.Testimonials)).toBe('Testimonials: add a quote in its fields. Visitors see nothing of it until then.');
    expect(emptyBlockNote('Testimonials', { ...BLOCK_DEFAULTS.Testimonials, items: [{ quote: 'Lovely mugs.', name: 'Sam', role: '' }] })).toBeNull();
    expect(emptyBlockNote('Hero', BLOCK_DEFAULTS.Hero)).toMatch(/^Hero: write a heading/);
    expect(emptyBlockNote('Hero', { ...BLOCK_DEFAULTS.Hero, heading: '  ' })).not.toBeNull();
    expect(emptyBlockNote('Hero', { ...BLOCK_DEFAULTS.Hero, heading: 'Slow mornings' })).toBeNull();
    expect(emptyBlockNote('Faq', BLOCK_DEFAULTS.Faq)).not.toBeNull();
    expect(emptyBlockNote('LinkList', { heading: '', links: [{ label: 'Podcast', href: '' }] })).not.toBeNull();
    expect(emptyBlockNote('LinkList', { heading: '', links: [{ label: 'Podcast', href: 'https://pod.example' }] })).toBeNull();
    expect(emptyBlockNote('Spacer', BLOCK_DEFAULTS.Spacer)).toBeNull();
  });
});
