import type { EmailBlock } from './blocks.ts';
import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface ConsentConfirmationParams extends TemplateBrand {
  /** The signed confirmation page (GET asks, the button's POST opts back in). */
  confirmUrl: string;
  /** The store's members area, the other way to turn emails back on. */
  membersUrl: string;
  linkDays: number;
}

/**
 * Sent when someone ticks "send me news" at a checkout with an address that unsubscribed from the
 * store: only the owner of the address can turn the emails back on. The store name is quoted in
 * the subject, so it never reads as the platform's own words.
 */
export function consentConfirmationEmail(params: ConsentConfirmationParams): RenderedEmail {
  const store = brandName(params);
  const blocks: EmailBlock[] = [
    {
      kind: 'paragraph',
      text: `Someone asked for news and offers from “${store}” for this address. It unsubscribed from ${store}’s emails before, so nothing changes unless you confirm.`,
    },
    { kind: 'action', label: 'Yes, send me emails', url: assertHttpUrl(params.confirmUrl) },
    { kind: 'paragraph', text: `This link works for ${params.linkDays} days. You can also turn emails on in the store’s members area:` },
    { kind: 'action', label: 'Open the members area', url: assertHttpUrl(params.membersUrl) },
    { kind: 'note', text: 'If you did not ask for this, ignore this email: you stay unsubscribed. Receipts and download links are not affected.' },
  ];
  return renderEmail(store, {
    subject: `Confirm you want emails from “${store}”`,
    preheader: `You stay unsubscribed from “${store}” unless you confirm.`,
    heading: 'Confirm you want these emails',
    blocks,
  });
}
