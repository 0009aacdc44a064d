import { DASHBOARD_PATHS } from '../paths.ts';
import { SectionTabs } from './section-tabs.tsx';

const TABS = [
  { label: 'Products', to: DASHBOARD_PATHS.products },
  { label: 'Discount codes', to: DASHBOARD_PATHS.discounts },
  { label: 'Members', to: DASHBOARD_PATHS.members },
  { label: 'Posts', to: DASHBOARD_PATHS.posts },
] as const;

/** Products, their discount codes, and the members and posts of memberships share the Products section. */
export function ProductsTabs() {
  return <SectionTabs label="Products section" tabs={TABS} />;
}
