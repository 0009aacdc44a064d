import { ORDER_WORDING } from '@shopfront/core';
import type { EmailBlock } from './blocks.ts';
import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface ReceiptParams extends TemplateBrand {
  buyerName: string;
  productTitle: string;
  /** Already formatted ("$12.00", "Free"). */
  amountText: string;
  /** Nothing was paid (price 0, a lead magnet): worded as a free download, never a purchase. */
  free?: boolean;
  orderId: string;
  /** The order access page (signed, long-lived), which mints fresh download links. */
  accessUrl: string;
  accessDays: number;
  /** The store's members area sign-up, where all purchases stay in one place. */
  membersUrl: string;
  /** What the buyer gets when it is not files: a booked call, or a course. Absent: a download. */
  access?: ReceiptAccess | undefined;
}

/** Texts come formatted: the call's time already in the buyer's zone. */
export type ReceiptAccess =
  | {
      kind: 'call';
      /** "Tuesday, June 4, 2030, 03:00–03:30 (America/New_York, EDT)"; null when the time was lost before payment. */
      whenText: string | null;
      /** A join link, phone number or address; null: the link follows by email. */
      whereText: string | null;
      /** The members area's bookings page, where the buyer reschedules or cancels. */
      manageUrl: string;
    }
  | { kind: 'course'; courseUrl: string };

function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/**
 * The receipt, sent by fulfilment for every order; a free one reads as a free download. A call's
 * says when and where it is and where to change it; a course's links to the course.
 */
export function receiptEmail(params: ReceiptParams): RenderedEmail {
  const store = brandName(params);
  const title = oneLine(params.productTitle);
  const free = params.free ?? params.amountText === 'Free';
  const hello = `Hi ${oneLine(params.buyerName) || 'there'}`;
  if (params.access) return accessReceipt(params, params.access, { store, title, free, hello });
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: free ? `${hello}, here’s your free download from ${store}.` : `${hello}, thank you for your purchase from ${store}.` },
    { kind: 'paragraph', text: `${title} — ${params.amountText}` },
    { kind: 'action', label: 'Get your download', url: assertHttpUrl(params.accessUrl) },
    {
      kind: 'paragraph',
      text: `This link works for ${params.accessDays} days and gives you fresh download links each time. Create a free account to keep ${free ? 'everything you get' : 'all your purchases'} from ${store} in one place:`,
    },
    { kind: 'action', label: 'Create your account', url: assertHttpUrl(params.membersUrl) },
    { kind: 'note', text: `Order ${params.orderId}. Keep this email: anyone with the download link can download your files.` },
  ];
  const wording = free ? ORDER_WORDING.free : ORDER_WORDING.paid;
  return renderEmail(store, {
    subject: free ? `Your free download: ${title}` : `Your receipt for ${title}`,
    preheader: `${title} — ${params.amountText}. Your download is ready.`,
    heading: wording.emailHeading,
    blocks,
  });
}

function accessReceipt(params: ReceiptParams, access: ReceiptAccess, words: { store: string; title: string; free: boolean; hello: string }): RenderedEmail {
  const { store, title, free, hello } = words;
  const what = access.kind === 'call' ? 'call' : 'course';
  const opening: EmailBlock[] = [
    { kind: 'paragraph', text: free ? `${hello}, here’s your free ${what} from ${store}.` : `${hello}, thank you for your purchase from ${store}.` },
    { kind: 'paragraph', text: `${title} — ${params.amountText}` },
  ];
  const keep = `Create a free account with this email to keep ${free ? 'everything you get' : 'all your purchases'} from ${store} in one place:`;
  const closing: EmailBlock[] = [
    { kind: 'paragraph', text: keep },
    { kind: 'action', label: 'Create your account', url: assertHttpUrl(params.membersUrl) },
    { kind: 'note', text: `Order ${params.orderId}.` },
  ];
  if (access.kind === 'course') {
    return renderEmail(store, {
      subject: free ? `Your free course: ${title}` : `Your receipt for ${title}`,
      preheader: `${title} — ${params.amountText}. Your course is ready.`,
      heading: free ? 'Your course is ready' : ORDER_WORDING.paid.emailHeading,
      blocks: [...opening, { kind: 'paragraph', text: 'Your course is ready: start whenever you like.' }, { kind: 'action', label: 'Start the course', url: assertHttpUrl(access.courseUrl) }, ...closing],
    });
  }
  const booked: EmailBlock[] = access.whenText
    ? [
        { kind: 'paragraph', text: `When: ${access.whenText}` },
        { kind: 'paragraph', text: access.whereText ? `Where: ${oneLine(access.whereText)}` : 'Where: the join link will follow by email.' },
        { kind: 'paragraph', text: 'Your confirmation with the calendar invite comes in a separate email. To reschedule or cancel, sign in to the members area with this email address:' },
        { kind: 'action', label: 'Manage your booking', url: assertHttpUrl(access.manageUrl) },
      ]
    : [{ kind: 'paragraph', text: 'The time you chose was booked by someone else before your payment arrived: your payment is refunded in full, and a separate email confirms it.' }];
  return renderEmail(store, {
    subject: free ? `Your free call: ${title}` : `Your receipt for ${title}`,
    preheader: `${title} — ${params.amountText}. ${access.whenText ? `Your call: ${access.whenText}` : 'About your booking'}.`,
    heading: access.whenText ? 'Your call is booked' : 'Your time could not be kept',
    blocks: [...opening, ...booked, ...closing],
  });
}
