/** Plans and billing in the dashboard: /dashboard/settings/billing. */
export { BillingScreen } from './components/billing-screen.tsx';
