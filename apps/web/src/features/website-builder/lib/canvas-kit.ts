import type { BlockType, StorefrontData, WebsiteBlockProps, WebsitePageSummary } from '@shopfront/core';
import type { ComponentType, ReactNode } from 'react';

/** What the editor knows when it draws the canvas: the store as its site shows it, the pages, the page. */
export interface CanvasData {
  storefront: StorefrontData;
  pages: readonly WebsitePageSummary[];
  pageSlug: string;
}

type ColumnsLayout = WebsiteBlockProps<'Columns'>['layout'];

/** The themed block components, each taking its stored props plus the render context. */
export type WebsiteBlockComponents<Ctx> = { [T in Exclude<BlockType, 'Columns'>]: ComponentType<WebsiteBlockProps<T> & { context: Ctx }> } & {
  /** Columns gets its columns already rendered (Puck's slots in the editor). */
  Columns: ComponentType<{ layout: ColumnsLayout; left: ReactNode; middle: ReactNode; right: ReactNode }>;
};

/**
 * The website's rendering, handed in by the dashboard mode (features do not import each other):
 * the same components the served pages use, so the canvas shows what visitors will see.
 */
export interface WebsiteCanvasKit<Ctx> {
  createContext: (data: CanvasData) => Ctx;
  Frame: ComponentType<{ context: Ctx; children: ReactNode }>;
  blocks: WebsiteBlockComponents<Ctx>;
}
