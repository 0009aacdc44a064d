import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';
import type { EmailBlock } from './blocks.ts';

export interface SendingPausedParams extends TemplateBrand {
  storeName: string;
  /** The reason the store's settings show, already in the creator's words. */
  reason: string;
  /** Absolute http(s) link to Settings › Email; left out without it. */
  settingsUrl?: string | undefined;
}

/** Told to the creator once when their store's campaign sending is paused (complaint rate). */
export function sendingPausedEmail(params: SendingPausedParams): RenderedEmail {
  const product = brandName(params);
  const store = params.storeName.replace(/[\p{Cc}\s]+/gu, ' ').trim() || 'your store';
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: params.reason },
    {
      kind: 'paragraph',
      text: 'Scheduled and new campaigns will not send while sending is paused. Check that everyone on your list asked to hear from you, and remove addresses you bought or copied from elsewhere. Then contact the operator of this platform: they can let your store send again.',
    },
  ];
  if (params.settingsUrl) blocks.push({ kind: 'action', label: 'Open email settings', url: assertHttpUrl(params.settingsUrl) });
  blocks.push({ kind: 'note', text: `You are receiving this because you own ${store} on ${product}.` });
  return renderEmail(product, {
    subject: `Email sending is paused for ${store}`,
    preheader: 'Too many recipients marked your emails as spam.',
    heading: 'Email sending is paused',
    blocks,
  });
}
