/** The dashboard's email campaigns: the list, the block editor with its preview, sending and the numbers. */
export { CampaignsPanel, EMPTY_CAMPAIGNS_TEXT } from './components/campaigns-list.tsx';
export { CampaignScreen } from './components/campaign-screen.tsx';
export { BlockList } from './components/block-list.tsx';
