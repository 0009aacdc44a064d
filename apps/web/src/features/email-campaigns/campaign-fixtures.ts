import type { CampaignStats, EmailCampaign, EmailSegment } from '@shopfront/core';
import { testStore } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';

export const PRODUCT_ID = 'prd_aaaaaaaaaaaaaaaaaaaa';
export const SEGMENT_ID = 'seg_aaaaaaaaaaaaaaaaaaaa';

export function testStats(overrides: Partial<CampaignStats> = {}): CampaignStats {
  return { recipients: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0, unsubscribed: 0, failed: 0, ...overrides };
}

/** A campaign as getEmailCampaign answers it (a draft to everyone unless told otherwise). */
export function testCampaign(overrides: Partial<EmailCampaign> = {}): EmailCampaign {
  return {
    id: 'cmp_aaaaaaaaaaaaaaaaaaaa',
    storeId: 'store_1',
    name: 'Spring launch',
    subject: 'New glazes are here',
    previewText: 'Forty recipes',
    body: [{ id: 'b1', type: 'heading', text: 'Hello' }],
    segmentId: null,
    segmentName: null,
    status: 'draft',
    scheduledAt: null,
    startedAt: null,
    finishedAt: null,
    statusNote: null,
    stats: testStats(),
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function testSegment(overrides: Partial<EmailSegment> = {}): EmailSegment {
  return { id: SEGMENT_ID, storeId: 'store_1', name: 'Bought the guide', filter: { boughtProductIds: [PRODUCT_ID] }, recipientCount: 2, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', ...overrides };
}

/** The answers every campaign screen needs: the store, its products, segments, counts, time zone and a preview. */
export const BASE_ANSWERS = {
  listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
  listProducts: () => ({ products: [testProduct({ id: PRODUCT_ID, title: 'Glaze guide' })], currency: 'USD' }),
  listEmailSegments: () => ({ segments: [testSegment()] }),
  countSegmentRecipients: () => ({ recipients: 3, matching: 4 }),
  getStoreTimeZone: () => ({ timeZone: 'Europe/Berlin' }),
  previewEmailCampaign: ({ fields }: { fields: { subject: string } }) => ({ subject: fields.subject, html: `<p>${fields.subject}</p>`, text: fields.subject }),
};
