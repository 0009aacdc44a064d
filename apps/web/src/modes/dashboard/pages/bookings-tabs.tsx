import { DASHBOARD_PATHS } from '../paths.ts';
import { SectionTabs } from './section-tabs.tsx';

const TABS = [
  { label: 'Bookings', to: DASHBOARD_PATHS.bookings },
  { label: 'Availability', to: DASHBOARD_PATHS.bookingsAvailability },
] as const;

/** The bookings and the hours they can be made in share the Bookings section. */
export function BookingsTabs() {
  return <SectionTabs label="Bookings section" tabs={TABS} />;
}
