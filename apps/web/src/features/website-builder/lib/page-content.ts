import { EMPTY_WEBSITE_PAGE_CONTENT, productSlugFromTitle, type WebsitePage, type WebsitePageContent } from '@shopfront/core';

interface LooseBlock {
  type: string;
  props: Record<string, unknown>;
}
const SLOTS = ['left', 'middle', 'right'] as const;

/** Only `type` and `props`: Puck may add its own keys (`readOnly`, `permissions`) to a block. */
function cleanBlock(block: LooseBlock): LooseBlock {
  if (block.type !== 'Columns') return { type: block.type, props: block.props };
  const props = { ...block.props };
  for (const slot of SLOTS) props[slot] = Array.isArray(props[slot]) ? (props[slot] as LooseBlock[]).map(cleanBlock) : [];
  return { type: block.type, props };
}

/**
 * Puck's `Data` as the server stores it: no zones (Columns uses slots), no root props. The
 * server checks every block against its schema; a refusal comes back as the save's error.
 */
export function toPageContent(data: { content?: readonly unknown[] }): WebsitePageContent {
  const content = (data.content ?? []) as LooseBlock[];
  return { root: { props: {} }, content: content.map(cleanBlock) } as unknown as WebsitePageContent;
}

/** What the editor opens: the unsaved draft, else what is live, else an empty page. */
export function editorContent(page: Pick<WebsitePage, 'draftContent' | 'publishedContent'>): WebsitePageContent {
  return page.draftContent ?? page.publishedContent ?? EMPTY_WEBSITE_PAGE_CONTENT;
}

/** A page URL from its title with core's slug rule; empty while the title has no letters or digits. */
export function suggestPageSlug(title: string): string {
  return productSlugFromTitle(title, '');
}
