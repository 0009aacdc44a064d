/** The dashboard's affiliate program: affiliates and invites, commissions and payouts, the program's terms. */
export { AffiliatesPanel } from './components/affiliates-panel.tsx';
export { CommissionsPanel } from './components/commissions-panel.tsx';
export { AffiliateSettingsPanel } from './components/settings-panel.tsx';
export { EMPTY_AFFILIATES_TEXT } from './components/program-summary.tsx';
