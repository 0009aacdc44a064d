import type { HandlerRegistry } from '../types.ts';
import { createWebsitePage } from './create-website-page.ts';
import { deleteWebsitePage } from './delete-website-page.ts';
import { discardWebsitePageDraft } from './discard-website-page-draft.ts';
import { duplicateWebsitePage } from './duplicate-website-page.ts';
import { getPublishedWebsitePage } from './get-published-website-page.ts';
import { getWebsitePage } from './get-website-page.ts';
import { listWebsitePageVersions } from './list-website-page-versions.ts';
import { listWebsitePages } from './list-website-pages.ts';
import { publishWebsitePage } from './publish-website-page.ts';
import { reorderWebsitePages } from './reorder-website-pages.ts';
import { restoreWebsitePageVersion } from './restore-website-page-version.ts';
import { saveWebsitePageDraft } from './save-website-page-draft.ts';
import { subscribeToStoreEmail } from './subscribe-to-store-email.ts';
import { unpublishWebsitePage } from './unpublish-website-page.ts';
import { updateWebsitePage } from './update-website-page.ts';

/** The website builder's handlers; ../index.ts spreads them into the registry. */
export const websiteHandlers = {
  listWebsitePages,
  getWebsitePage,
  createWebsitePage,
  updateWebsitePage,
  saveWebsitePageDraft,
  publishWebsitePage,
  unpublishWebsitePage,
  discardWebsitePageDraft,
  reorderWebsitePages,
  duplicateWebsitePage,
  deleteWebsitePage,
  listWebsitePageVersions,
  restoreWebsitePageVersion,
  subscribeToStoreEmail,
  getPublishedWebsitePage,
} satisfies Partial<HandlerRegistry>;
