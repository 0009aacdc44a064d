export * from './blocks/index.ts';
export { renderBlock, renderBlocks } from './render-blocks.tsx';
export { WebsiteFrame } from './website-frame.tsx';
export { WebsiteView, type WebsiteViewProps } from './website-view.tsx';
export { WebsitePageNotFoundView } from './website-not-found-view.tsx';
export { WebsiteMissingView } from './website-missing-view.tsx';
export { pageHref, productHref, safeHref } from './format.ts';
export type * from './types.ts';
