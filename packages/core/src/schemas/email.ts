import { z } from 'zod';
import { multiLineText, singleLine, singleLineText } from './text.ts';

/** Limits of email marketing; the server enforces each one, the dashboard shows them. */
export const EMAIL_LIMITS = Object.freeze({
  subjectMax: 200,
  previewTextMax: 200,
  campaignNameMax: 120,
  segmentNameMax: 80,
  blocksMax: 60,
  textBlockMax: 20_000,
  headingMax: 200,
  buttonLabelMax: 80,
  urlMax: 2_000,
  altMax: 300,
  postalAddressMax: 500,
  senderNameMax: 80,
  /** Rows per CSV import file. */
  importRowsMax: 50_000,
  /** Bytes per CSV import file (about 100 bytes a row). */
  importBytesMax: 8 * 1024 * 1024,
  /** A store is paused when complaints pass this share of its last `complaintWindow` sends. */
  complaintRateMax: 0.003,
  complaintWindow: 1_000,
  /** Test sends per campaign per hour (a test is a real email to the creator). */
  testSendsPerHour: 10,
  /** How far ahead a campaign may be scheduled. */
  scheduleMaxDays: 365,
});

export const EMAIL_MESSAGES = Object.freeze({
  campaignNotFound: 'Campaign not found',
  segmentNotFound: 'Segment not found',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be under ${EMAIL_LIMITS.subjectMax} characters`,
  previewTooLong: `Preview text must be under ${EMAIL_LIMITS.previewTextMax} characters`,
  bodyRequired: 'Add at least one block to the email',
  tooManyBlocks: `An email can have up to ${EMAIL_LIMITS.blocksMax} blocks`,
  invalidUrl: 'Enter a full link starting with https://',
  postalAddressRequired: 'Add your postal address in Settings › Email before sending. The law (CAN-SPAM, CASL) requires one in every marketing email.',
  postalAddressTooLong: `Postal address must be under ${EMAIL_LIMITS.postalAddressMax} characters`,
  notEditable: 'Only a draft campaign can be edited',
  notSchedulable: 'Only a draft campaign can be scheduled or sent',
  notCancellable: 'Only a scheduled campaign can be cancelled',
  notStoppable: 'Only a sending campaign can be stopped',
  scheduleInPast: 'Choose a time in the future',
  scheduleTooFar: `Campaigns can be scheduled up to ${EMAIL_LIMITS.scheduleMaxDays} days ahead`,
  noRecipients: 'No one in this audience can receive email yet',
  sendingPaused: 'Sending is paused for this store',
  testSendLimit: 'Too many test emails. Please wait before trying again.',
  importTooManyRows: `A file can have up to ${EMAIL_LIMITS.importRowsMax.toLocaleString('en-US')} rows`,
  importTooLarge: 'This file is too large to import',
  importNoEmailColumn: 'The file needs an "email" column',
  importEmpty: 'The file has no contacts',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  emailNotConfigured: 'Email sending is not set up for this store yet',
  consentWithdrawn: 'This customer unsubscribed. Only they can opt back in, at checkout or in their members area.',
  notDeletable: 'Only a draft, or a cancelled campaign that sent nothing, can be deleted',
  segmentInUse: 'A scheduled or sending campaign uses this segment. Cancel or stop it first.',
  productNotPublished: 'A product card in this email shows a product that is not published',
  importUnreadable: 'This file could not be read as CSV',
  importConsentInvalid: 'Consent must be yes, no, true, false, 1 or 0',
  importDuplicate: 'Duplicate of an earlier row; skipped',
  importWithdrawn: 'Consent withdrawn; kept unsubscribed',
  importSuppressed: 'Address is suppressed for this store; not subscribed',
  importKeyReused: 'This import was already made with another file. Choose the file again.',
} as const);

/**
 * A key the client makes once per request it may send again (a double click, a retry): the same
 * key gets the first answer instead of doing the work twice. 16 to 64 letters, digits, - or _.
 */
export const RequestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'Invalid request key' });

const url = singleLineText()
  .trim()
  .max(EMAIL_LIMITS.urlMax, { error: EMAIL_MESSAGES.invalidUrl })
  .regex(/^https?:\/\/[^\s]+$/i, { error: EMAIL_MESSAGES.invalidUrl });

const blockId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/**
 * The body of a campaign: an ordered list of blocks. The server renders them to email-safe HTML
 * and a plain-text part (`apps/server/src/domain/email/render/`); nothing here is raw HTML except
 * `text.html`, which the server sanitises to the same small tag set as product descriptions.
 */
export const EmailBlockSchema = z.discriminatedUnion('type', [
  z.object({ id: blockId, type: z.literal('heading'), text: singleLineText().trim().min(1).max(EMAIL_LIMITS.headingMax) }).strict(),
  z.object({ id: blockId, type: z.literal('text'), html: multiLineText().max(EMAIL_LIMITS.textBlockMax) }).strict(),
  z.object({ id: blockId, type: z.literal('image'), src: url, alt: singleLineText().max(EMAIL_LIMITS.altMax).default(''), href: url.optional() }).strict(),
  z.object({ id: blockId, type: z.literal('button'), label: singleLineText().trim().min(1).max(EMAIL_LIMITS.buttonLabelMax), href: url }).strict(),
  z.object({ id: blockId, type: z.literal('divider') }).strict(),
  /** A product of the same store: its image, title, price and a link to its page. */
  z.object({ id: blockId, type: z.literal('product'), productId: z.string().regex(/^prd_[0-9a-z]{20}$/) }).strict(),
]);
export type EmailBlock = z.infer<typeof EmailBlockSchema>;
export type EmailBlockType = EmailBlock['type'];

export const EmailBodySchema = z.array(EmailBlockSchema).max(EMAIL_LIMITS.blocksMax, { error: EMAIL_MESSAGES.tooManyBlocks });

/**
 * Who a segment reaches. Every condition narrows (AND); an empty filter is everyone who may
 * receive marketing. Consent and suppression always apply at send time whatever `consent` says:
 * `consent: 'any'` only widens the live count the creator sees, never who is emailed.
 */
export const SegmentFilterSchema = z
  .object({
    /** Bought at least one of these products (order lines and bundle items included). */
    boughtProductIds: z.array(z.string().regex(/^prd_[0-9a-z]{20}$/)).max(50).optional(),
    /** Has at least one of these tags. */
    tags: z.array(z.string().trim().check(singleLine).min(1).max(40)).max(20).optional(),
    /** Became a customer on or after / before these days (YYYY-MM-DD, store time zone). */
    signedUpFrom: z.iso.date().optional(),
    signedUpTo: z.iso.date().optional(),
    /** Lead-magnet sign-ups and manual adds with no paid order. */
    boughtNothing: z.boolean().optional(),
  })
  .strict();
export type SegmentFilter = z.infer<typeof SegmentFilterSchema>;

export const EmailSegmentSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  filter: SegmentFilterSchema,
  /** Who this segment would email now: consenting and not suppressed. */
  recipientCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailSegment = z.infer<typeof EmailSegmentSchema>;

/** A stopped send ends `cancelled`, with how many were sent in `statusNote` and the stats. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CampaignStatsSchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  bounced: z.number().int(),
  complained: z.number().int(),
  unsubscribed: z.number().int(),
  failed: z.number().int(),
});
export type CampaignStats = z.infer<typeof CampaignStatsSchema>;

export const EmailCampaignFieldsSchema = z
  .object({
    name: singleLineText().trim().max(EMAIL_LIMITS.campaignNameMax).default(''),
    subject: singleLineText({ error: EMAIL_MESSAGES.subjectRequired }).trim().max(EMAIL_LIMITS.subjectMax, { error: EMAIL_MESSAGES.subjectTooLong }),
    previewText: singleLineText().trim().max(EMAIL_LIMITS.previewTextMax, { error: EMAIL_MESSAGES.previewTooLong }).default(''),
    body: EmailBodySchema,
    /** null: every customer who may receive marketing. */
    segmentId: z.string().regex(/^seg_[0-9a-z]{20}$/).nullable().default(null),
  })
  .strict();
export type EmailCampaignFields = z.infer<typeof EmailCampaignFieldsSchema>;

export const EmailCampaignSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  name: z.string(),
  subject: z.string(),
  previewText: z.string(),
  body: EmailBodySchema,
  segmentId: z.string().nullable(),
  segmentName: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why a campaign failed or was stopped, in words for the creator. */
  statusNote: z.string().nullable(),
  stats: CampaignStatsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailCampaign = z.infer<typeof EmailCampaignSchema>;

export const SMTP2GO_WEBHOOK_STATUSES = ['none', 'pending', 'active', 'failed'] as const;

/** The store's email settings and sending state (Settings › Email). */
export const StoreEmailSettingsSchema = z.object({
  senderName: z.string(),
  replyTo: z.string().nullable(),
  postalAddress: z.string(),
  trackingEnabled: z.boolean(),
  /** Set when sending is paused (complaint rate, or by an admin); campaigns do not send meanwhile. */
  pausedAt: z.string().nullable(),
  pausedReason: z.string().nullable(),
  /** Complaints in the last `complaintWindow` sends, for the threshold shown in Settings. */
  recentComplaintRate: z.number(),
  provider: z.enum(['outbox', 'smtp', 'smtp2go']),
  /** Spec §3 Store.smtp2goSubAccount; the API key itself never leaves the server. */
  smtp2goSubAccount: z.object({
    exists: z.boolean(),
    hasApiKey: z.boolean(),
    webhookId: z.string().nullable(),
    webhookStatus: z.enum(SMTP2GO_WEBHOOK_STATUSES),
    /** Spec §4: configured only when the webhook is active. */
    configured: z.boolean(),
    lastError: z.string().nullable(),
  }),
});
export type StoreEmailSettings = z.infer<typeof StoreEmailSettingsSchema>;

/**
 * Whether the store's provider reports deliveries: only smtp2go does, through the store's webhook
 * once it is active. With the outbox or SMTP a campaign's "delivered" stays 0 whatever happened.
 */
export function reportsDeliveries(settings: Pick<StoreEmailSettings, 'provider' | 'smtp2goSubAccount'>): boolean {
  return settings.provider === 'smtp2go' && settings.smtp2goSubAccount.configured;
}

export const StoreEmailSettingsFieldsSchema = z
  .object({
    senderName: singleLineText().trim().max(EMAIL_LIMITS.senderNameMax),
    replyTo: z.email({ error: 'Please enter a valid email address' }).max(254).nullable(),
    postalAddress: multiLineText().trim().max(EMAIL_LIMITS.postalAddressMax, { error: EMAIL_MESSAGES.postalAddressTooLong }),
    trackingEnabled: z.boolean(),
  })
  .partial()
  .strict();

/** One parsed row of a CSV import, as the preview shows it. */
export const ImportRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  marketingConsent: z.boolean(),
  /** What importing does with the row. */
  outcome: z.enum(['create', 'update', 'skip']),
  /** Why a row is skipped or partly applied, e.g. "Consent withdrawn; kept unsubscribed". */
  note: z.string().nullable(),
  error: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;
