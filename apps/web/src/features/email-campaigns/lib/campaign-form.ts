import { EMAIL_LIMITS, EMAIL_MESSAGES, EmailCampaignFieldsSchema, type EmailBlock, type EmailBlockType, type EmailCampaign, type EmailCampaignFields } from '@shopfront/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/**
 * The editor's schema: the contract's, plus a subject even for a draft (a campaign is found by it
 * in the list, and the server refuses to send without one anyway).
 */
export const CampaignFormSchema = EmailCampaignFieldsSchema.extend({
  subject: EmailCampaignFieldsSchema.shape.subject.min(1, { error: EMAIL_MESSAGES.subjectRequired }),
});

/** The form always holds complete fields (the schema's defaults are in its default values). */
export const campaignFormResolver = zodResolver(CampaignFormSchema) as unknown as Resolver<EmailCampaignFields>;

export function emptyCampaignForm(): EmailCampaignFields {
  return { name: '', subject: '', previewText: '', body: [], segmentId: null };
}

export function campaignToForm(campaign: EmailCampaign): EmailCampaignFields {
  return { name: campaign.name, subject: campaign.subject, previewText: campaign.previewText, body: campaign.body, segmentId: campaign.segmentId };
}

/** The fields the preview can render now, or null while the form has an error. */
export function previewableFields(values: unknown): EmailCampaignFields | null {
  const parsed = EmailCampaignFieldsSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

export const BLOCK_LABELS: Record<EmailBlockType, string> = {
  text: 'Text',
  heading: 'Heading',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
  product: 'Product card',
};

export const BLOCK_TYPES = Object.keys(BLOCK_LABELS) as EmailBlockType[];

/** A block id the schema accepts, unique within one email. */
export function newBlockId(): string {
  return `b${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A new, empty block of `type`; the required parts are filled in by the creator. */
export function newBlock(type: EmailBlockType, id = newBlockId()): EmailBlock {
  switch (type) {
    case 'text':
      return { id, type, html: '' };
    case 'heading':
      return { id, type, text: '' };
    case 'image':
      return { id, type, src: '', alt: '' };
    case 'button':
      return { id, type, label: '', href: '' };
    case 'divider':
      return { id, type };
    case 'product':
      return { id, type, productId: '' };
  }
}

/** The editor's words for a block field the schema refused (its own messages are for developers). */
export function blockFieldError(type: EmailBlockType, field: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (field === 'src' || field === 'href') return EMAIL_MESSAGES.invalidUrl;
  if (type === 'heading') return `Add the heading text (up to ${EMAIL_LIMITS.headingMax} characters)`;
  if (type === 'button' && field === 'label') return `Add the button label (up to ${EMAIL_LIMITS.buttonLabelMax} characters)`;
  if (type === 'product') return 'Choose a product';
  if (field === 'alt') return `Alt text must be under ${EMAIL_LIMITS.altMax} characters`;
  if (type === 'text') return `Text must be under ${EMAIL_LIMITS.textBlockMax.toLocaleString('en-US')} characters`;
  return message;
}

/** Moves the item at `from` by `step` places (±1), or answers the same list at an edge. */
export function moveItem<T>(items: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
