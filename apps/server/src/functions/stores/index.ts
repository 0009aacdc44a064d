import type { HandlerRegistry } from '../types.ts';
import { checkSlug } from './check-slug.ts';
import { createAdditionalStore } from './create-additional-store.ts';
import { createStoreWithTenant } from './create-store-with-tenant.ts';
import { createTenant } from './create-tenant.ts';
import { deleteStoreAndTenant } from './delete-store-and-tenant.ts';
import { deleteTenant } from './delete-tenant.ts';
import { discardStoreDraft } from './discard-store-draft.ts';
import { exportStoreData } from './export-store-data.ts';
import { getStore } from './get-store.ts';
import { getStoreDraft } from './get-store-draft.ts';
import { getStoreStats } from './get-store-stats.ts';
import { getStoreTimeZone } from './get-store-time-zone.ts';
import { getTenantInfo } from './get-tenant-info.ts';
import { listMyStores } from './list-my-stores.ts';
import { publishStoreDraft } from './publish-store-draft.ts';
import { saveStoreDraft } from './save-store-draft.ts';
import { switchActiveStore } from './switch-active-store.ts';
import { updateStoreTimeZone } from './update-store-time-zone.ts';

/** The stores handlers; ../index.ts spreads them into the registry. */
export const storeHandlers = {
  checkSlug,
  createStoreWithTenant,
  createAdditionalStore,
  getStore,
  listMyStores,
  switchActiveStore,
  deleteStoreAndTenant,
  exportStoreData,
  createTenant,
  deleteTenant,
  getTenantInfo,
  getStoreStats,
  getStoreDraft,
  saveStoreDraft,
  publishStoreDraft,
  discardStoreDraft,
  getStoreTimeZone,
  updateStoreTimeZone,
} satisfies Partial<HandlerRegistry>;
