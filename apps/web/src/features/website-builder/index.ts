/** The dashboard's website builder: the pages list and the Puck page editor (rendering comes in as a kit). */
export { EMPTY_PAGES_TEXT, WebsitePagesPanel } from './components/pages-panel.tsx';
export { WebsitePageEditor } from './components/lazy-page-editor.tsx';
export type { WebsitePageEditorProps } from './components/page-editor.tsx';
export type { CanvasData, WebsiteBlockComponents, WebsiteCanvasKit } from './lib/canvas-kit.ts';
