/** The dashboard's email audience: segments with a live recipient count, and the CSV import. */
export { AudiencePanel } from './components/audience-panel.tsx';
export { EMPTY_SEGMENTS_TEXT } from './components/segments-section.tsx';
export { IMPORT_TEXT } from './components/contact-import.tsx';
