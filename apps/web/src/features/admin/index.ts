/** The platform admin page (/dashboard/admin) and its tabs. */
export { AdminPage } from './components/admin-page.tsx';
