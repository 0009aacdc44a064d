import { z } from 'zod';
import {
  EMAIL_LIMITS,
  EmailCampaignFieldsSchema,
  EmailCampaignSchema,
  EmailSegmentSchema,
  ImportRowSchema,
  RequestKeySchema,
  SegmentFilterSchema,
  StoreEmailSettingsFieldsSchema,
  StoreEmailSettingsSchema,
} from '../schemas/email.ts';
import { EmailCampaignIdSchema, EmailSegmentIdSchema, StoreIdSchema, singleLineText } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

const storeId = StoreIdSchema;
const segmentName = singleLineText().trim().min(1, { error: 'Segment name is required' }).max(EMAIL_LIMITS.segmentNameMax);
const csv = z.string().max(EMAIL_LIMITS.importBytesMax, { error: 'This file is too large to import' });

// ─── Settings and the store's sending account ────────────────────────────────────────────────

export const getEmailSettings = defineFunction({
  name: 'getEmailSettings',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: StoreEmailSettingsSchema,
});

export const updateEmailSettings = defineFunction({
  name: 'updateEmailSettings',
  access: 'creator',
  input: z.object({ storeId, fields: StoreEmailSettingsFieldsSchema }).strict(),
  output: StoreEmailSettingsSchema,
});

/**
 * Turns email on for the store. With the smtp2go provider it creates the store's sub-account and
 * its webhook; with the outbox or SMTP it only records that email is on.
 */
export const enableStoreEmail = defineFunction({
  name: 'enableStoreEmail',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: StoreEmailSettingsSchema,
});

/** Spec §7: repairs a store whose smtp2go sub-account was not created. */
export const retryEmailSubaccountCreation = defineFunction({
  name: 'retryEmailSubaccountCreation',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: StoreEmailSettingsSchema,
});

/** Spec §7: repairs a store whose smtp2go webhook is missing or not active. */
export const retryWebhookCreation = defineFunction({
  name: 'retryWebhookCreation',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: StoreEmailSettingsSchema,
});

// ─── Audience: segments and imports ──────────────────────────────────────────────────────────

export const listEmailSegments = defineFunction({
  name: 'listEmailSegments',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: z.object({ segments: z.array(EmailSegmentSchema) }),
});

/** The live count while a segment is built: who it would email now, and who matches at all. */
export const countSegmentRecipients = defineFunction({
  name: 'countSegmentRecipients',
  access: 'creator',
  input: z.object({ storeId, filter: SegmentFilterSchema }).strict(),
  output: z.object({ recipients: z.number().int(), matching: z.number().int() }),
});

export const createEmailSegment = defineFunction({
  name: 'createEmailSegment',
  access: 'creator',
  input: z.object({ storeId, name: segmentName, filter: SegmentFilterSchema }).strict(),
  output: EmailSegmentSchema,
});

export const updateEmailSegment = defineFunction({
  name: 'updateEmailSegment',
  access: 'creator',
  input: z.object({ storeId, segmentId: EmailSegmentIdSchema, name: segmentName, filter: SegmentFilterSchema }).strict(),
  output: EmailSegmentSchema,
});

/** Draft campaigns that used the segment fall back to the whole audience. */
export const deleteEmailSegment = defineFunction({
  name: 'deleteEmailSegment',
  access: 'creator',
  input: z.object({ storeId, segmentId: EmailSegmentIdSchema }).strict(),
  output: z.object({ deleted: z.literal(true) }),
});

const importSummary = z.object({
  totalRows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  errors: z.number().int(),
});

/** Parses a CSV (columns email, name, tags, consent) and says what importing would do; writes nothing. */
export const previewContactImport = defineFunction({
  name: 'previewContactImport',
  access: 'creator',
  input: z.object({ storeId, csv }).strict(),
  output: z.object({
    summary: importSummary,
    /** The first rows, and every row with an error, up to 200. */
    rows: z.array(ImportRowSchema),
  }),
});

/**
 * Imports the rows the preview accepted. Consent a customer withdrew is never turned back on;
 * `consentConfirmed` is the creator's statement that the file's consent column is real opt-in.
 * `importKey` (one per file the dashboard imports) makes a repeat — a double click, a retry —
 * answer the first import's summary for a day instead of importing again; the same key with
 * another file is refused.
 */
export const importContacts = defineFunction({
  name: 'importContacts',
  access: 'creator',
  input: z.object({ storeId, csv, consentConfirmed: z.boolean(), importKey: RequestKeySchema.optional() }).strict(),
  output: importSummary,
});

// ─── Campaigns ───────────────────────────────────────────────────────────────────────────────

export const listEmailCampaigns = defineFunction({
  name: 'listEmailCampaigns',
  access: 'creator',
  input: z.object({ storeId }).strict(),
  output: z.object({ campaigns: z.array(EmailCampaignSchema) }),
});

export const getEmailCampaign = defineFunction({
  name: 'getEmailCampaign',
  access: 'creator',
  input: z.object({ storeId, campaignId: EmailCampaignIdSchema }).strict(),
  output: EmailCampaignSchema,
});

export const createEmailCampaign = defineFunction({
  name: 'createEmailCampaign',
  access: 'creator',
  input: z.object({ storeId, fields: EmailCampaignFieldsSchema }).strict(),
  output: EmailCampaignSchema,
});

export const updateEmailCampaign = defineFunction({
  name: 'updateEmailCampaign',
  access: 'creator',
  input: z.object({ storeId, campaignId: EmailCampaignIdSchema, fields: EmailCampaignFieldsSchema }).strict(),
  output: EmailCampaignSchema,
});

/** Drafts and cancelled campaigns only; a sent campaign keeps its record. */
export const deleteEmailCampaign = defineFunction({
  name: 'deleteEmailCampaign',
  access: 'creator',
  input: z.object({ storeId, campaignId: EmailCampaignIdSchema }).strict(),
  output: z.object({ deleted: z.literal(true) }),
});

/** The email as a recipient would get it, for the editor's desktop and phone previews. */
export const previewEmailCampaign = defineFunction({
  name: 'previewEmailCampaign',
  access: 'creator',
  input: z.object({ storeId, fields: EmailCampaignFieldsSchema }).strict(),
  output: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});

/** Sends the saved campaign to the signed-in creator's own address, marked [Test]. */
export const sendTestEmail = defineFunction({
  name: 'sendTestEmail',
  access: 'creator',
  input: z.object({ storeId, campaignId: EmailCampaignIdSchema }).strict(),
  output: z.object({ sentTo: z.string() }),
});

/** Sends now (`sendAt` null) or at `sendAt` (ISO 8601, any offset). */
export const scheduleEmailCampaign = defineFunction({
  name: 'scheduleEmailCampaign',
  access: 'creator',
  input: z.object({ storeId, campaignId: EmailCampaignIdSchema, sendAt: z.iso.datetime({ offset: true }).nullable() }).strict(),
  output: EmailCampaignSchema,
});

export const cancelEmailCampaign = defineFunction({
  name: 'cancelEmailCampaign',
  access: 'creator',
  input: z.object({ storeId, campaignId: EmailCampaignIdSchema }).strict(),
  output: EmailCampaignSchema,
});

/** Stops a sending campaign: nobody else gets it; the campaign reports how many did. */
export const stopEmailCampaign = defineFunction({
  name: 'stopEmailCampaign',
  access: 'creator',
  input: z.object({ storeId, campaignId: EmailCampaignIdSchema }).strict(),
  output: EmailCampaignSchema,
});

// ─── Members area ────────────────────────────────────────────────────────────────────────────

/** The signed-in customer's own marketing choice at this store (members area › Email preferences). */
export const getMemberEmailPreferences = defineFunction({
  name: 'getMemberEmailPreferences',
  access: 'customer',
  input: z.object({ storeId }).strict(),
  output: z.object({ marketingConsent: z.boolean() }),
});

export const updateMemberEmailPreferences = defineFunction({
  name: 'updateMemberEmailPreferences',
  access: 'customer',
  input: z.object({ storeId, marketingConsent: z.boolean() }).strict(),
  output: z.object({ marketingConsent: z.boolean() }),
});
