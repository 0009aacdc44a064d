/** The creator's store screens in the dashboard: switching, creating, deleting, the overview. */
export { useSwitchActiveStore, useCreateStore, useDeleteStore, refreshStoreData } from './hooks/use-store-mutations.ts';
export { useStoreStats } from './hooks/use-store-stats.ts';
export { StoreSwitcher } from './components/store-switcher.tsx';
export { CreateStoreDialog } from './components/create-store-dialog.tsx';
export { CreateStoreForm } from './components/create-store-form.tsx';
export { DeleteStoreDialog } from './components/delete-store-dialog.tsx';
export { DangerZone } from './components/danger-zone.tsx';
export { ExportStoreSection } from './components/export-store-section.tsx';
export { StoreHome } from './components/store-home.tsx';
export { StoreStats } from './components/store-stats.tsx';
export { TimeZoneSection } from './components/time-zone-section.tsx';
export { StoreDetailsSection } from './components/store-details-section.tsx';
export { SaleNotificationsSection } from './components/sale-notifications-section.tsx';
