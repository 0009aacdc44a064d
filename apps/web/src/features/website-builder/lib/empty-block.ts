import type { BlockType } from '@shopfront/core';
import { BLOCK_LABELS } from './block-defaults.ts';

type Props = Record<string, unknown>;

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const anyItem = (items: unknown, has: (item: Props) => boolean) => Array.isArray(items) && (items as Props[]).some(has);

/** What each content block needs before visitors see anything of it (the site's blocks render nothing until then). */
const NEEDS: Partial<Record<BlockType, { shown: (props: Props) => boolean; ask: string }>> = {
  Hero: { shown: (p) => filled(p.heading) || filled(p.subheading) || filled(p.imageSrc), ask: 'write a heading' },
  RichText: { shown: (p) => filled(p.html), ask: 'write your text' },
  ImageText: { shown: (p) => filled(p.src) || filled(p.heading) || filled(p.html), ask: 'add a picture or a heading' },
  Testimonials: { shown: (p) => anyItem(p.items, (item) => filled(item.quote)), ask: 'add a quote' },
  Faq: { shown: (p) => anyItem(p.items, (item) => filled(item.question)), ask: 'write a question' },
  LinkList: { shown: (p) => anyItem(p.links, (link) => filled(link.label) && filled(link.href)), ask: 'add a link with its label' },
  ButtonRow: { shown: (p) => anyItem(p.buttons, (button) => filled(button.label) && filled(button.href)), ask: 'give a button its label and link' },
};

/**
 * The canvas's note for a block that shows nothing yet (new blocks start empty: their examples are
 * the fields' placeholders), so there is something to see, select and move; null once it shows.
 */
export function emptyBlockNote(type: BlockType, props: Props): string | null {
  const need = NEEDS[type];
  if (!need || need.shown(props)) return null;
  return `${BLOCK_LABELS[type]}: ${need.ask} in its fields. Visitors see nothing of it until then.`;
}
