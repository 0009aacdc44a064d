import { useEffect } from 'react';
import { ICON_SPRITE_ID, iconId, type IconName } from './icon-ids.ts';
// The file's URL, never inlined as a data: URL (that would put the path data back in the bundle).
import spriteUrl from './icon-sprite.svg?no-inline';

export { ICON_SPRITE_ID, iconId, type IconName } from './icon-ids.ts';

/**
 * Storefront icons drawn from one inline SVG sprite per document (icon-sprite.svg: a hidden `<svg>`
 * of `<symbol>`s in currentColor) and referenced with `<use>`: a `data:` SVG image costs the browser
 * a whole SVG document to create and rasterise (about 35 ms each on a throttled phone, decision
 * 037), a `<use>` costs a shadow tree. Server-rendered pages carry the sprite outside the hydrated
 * root (ssr/storefront-render.tsx), so the path data stays out of the storefront's JavaScript.
 */

/** A decorative glyph in currentColor; size it with CSS and name what it sits in. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true">
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}

let fetched: Promise<string> | null = null;

/** The sprite file from the web build (a plain fetch, not a module: no loader code in the storefront bundle). */
function fetchSprite(): Promise<string> {
  fetched ??= fetch(spriteUrl).then((response) => {
    if (!response.ok) throw new Error(`${spriteUrl} answered ${response.status}`);
    return response.text();
  });
  fetched.catch(() => (fetched = null));
  return fetched;
}

/** Adds the sprite to a document that was not server-rendered with it (the SPA, the dashboard's preview). */
export async function ensureIconSprite(doc: Document, load: () => Promise<string> = fetchSprite): Promise<void> {
  if (doc.getElementById(ICON_SPRITE_ID)) return;
  const markup = await load();
  if (!doc.getElementById(ICON_SPRITE_ID)) doc.body.insertAdjacentHTML('afterbegin', markup.trim());
}

/**
 * For views that show icons: on a server-rendered page the sprite is already there and this does
 * nothing; elsewhere it fetches the sprite once (without it the icons are blank, nothing breaks).
 * After mount, so hydration sees exactly the server's markup.
 */
export function useIconSprite(): void {
  useEffect(() => {
    ensureIconSprite(document).catch(() => undefined);
  }, []);
}
