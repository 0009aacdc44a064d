/** JSON with object keys sorted and `undefined` dropped: the server's jsonb does not keep key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export type ServerDraftDecision = 'same' | 'ignore' | 'apply';

interface DecideInput {
  /** The profile the server pushed (stable JSON). */
  incoming: string;
  /** The form's current profile (stable JSON). */
  current: string;
  /** Edits not yet saved, or a save on its way: the typing creator wins. */
  hasUnsavedLocal: boolean;
  /** What this tab saved lately: echoes of its own saves arrive late and are never newer. */
  recentlySaved: ReadonlySet<string>;
}

/**
 * Live preview across tabs: a server draft replaces the form only when it is news from
 * elsewhere (another tab, a publish or discard) and this tab has nothing of its own in flight.
 */
export function decideServerDraft({ incoming, current, hasUnsavedLocal, recentlySaved }: DecideInput): ServerDraftDecision {
  if (incoming === current) return 'same';
  if (hasUnsavedLocal || recentlySaved.has(incoming)) return 'ignore';
  return 'apply';
}

/** A bounded memory of recent saves (oldest forgotten first). */
export function rememberSaved(saved: Set<string>, json: string, limit = 8): void {
  saved.delete(json);
  saved.add(json);
  while (saved.size > limit) saved.delete(saved.values().next().value as string);
}
