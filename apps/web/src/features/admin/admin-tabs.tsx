import type { UrlTab } from '#src/components/ui/url-tabs.tsx';
import { AuditLogPanel } from './components/audit-log-panel.tsx';
import { FeatureFlagsPanel } from './components/feature-flags-panel.tsx';
import { MaintenancePanel } from './components/maintenance-panel.tsx';
import { OverviewPanel } from './components/overview-panel.tsx';
import { PlanPricesPanel } from './components/plan-prices-panel.tsx';
import { UsersPanel } from './components/users-panel.tsx';

/** One tab of the admin page: `key` is its `?tab=` value, `Panel` its body. */
export type AdminTab = UrlTab;

/**
 * The admin page's tabs, in display order. Each area adds its own entry here and
 * keeps its panel in its own file under `components/`.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  { key: 'overview', label: 'Overview', Panel: OverviewPanel },
  { key: 'users', label: 'Users', Panel: UsersPanel },
  { key: 'audit-log', label: 'Audit log', Panel: AuditLogPanel },
  { key: 'maintenance', label: 'Maintenance', Panel: MaintenancePanel },
  { key: 'feature-flags', label: 'Feature flags', Panel: FeatureFlagsPanel },
  { key: 'plans', label: 'Plans', Panel: PlanPricesPanel },
];
