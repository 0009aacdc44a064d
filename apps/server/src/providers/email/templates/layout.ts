import { blockToHtml, blockToText, STYLE, type EmailBlock } from './blocks.ts';
import { escapeHtml } from './escape-html.ts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Every template takes the name shown as the sender brand: the platform, or later a store. */
export interface TemplateBrand {
  productName?: string | undefined;
}

export const DEFAULT_PRODUCT_NAME = 'Shopfront';

export interface EmailContent {
  subject: string;
  /** Inbox preview line; hidden in the body. */
  preheader: string;
  heading: string;
  blocks: EmailBlock[];
}

/** A store name may come from a creator: keep it to one line so it cannot break the subject. */
export function brandName(brand: TemplateBrand): string {
  const name = (brand.productName ?? '').replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return name || DEFAULT_PRODUCT_NAME;
}

// Table layout with inline styles only: Gmail strips <style>, Outlook ignores most CSS layout.
export function renderEmail(productName: string, content: EmailContent): RenderedEmail {
  const subject = content.subject.replace(/[\r\n]+/g, ' ');
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="x-apple-disable-message-reformatting">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f4f4f5;">',
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preheader)}</div>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">',
    '<tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" ' +
      'style="max-width:560px;background-color:#ffffff;border:1px solid #e4e4e7;border-radius:8px;">',
    `<tr><td style="padding:28px 32px 8px 32px;font-family:${STYLE.font};font-size:14px;font-weight:700;color:#52525b;">` +
      `${escapeHtml(productName)}</td></tr>`,
    `<tr><td style="padding:0 32px 20px 32px;font-family:${STYLE.font};font-size:24px;line-height:32px;font-weight:700;color:#18181b;">` +
      `${escapeHtml(content.heading)}</td></tr>`,
    ...content.blocks.map(blockToHtml),
    `<tr><td style="padding:4px 32px 28px 32px;border-top:1px solid #e4e4e7;"><p style="margin:16px 0 0 0;${STYLE.note}">` +
      `Sent by ${escapeHtml(productName)}</p></td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
  const text = [content.heading, ...content.blocks.map(blockToText), `-- \nSent by ${productName}`].join('\n\n') + '\n';
  return { subject, text, html };
}

export function expiryText(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1) throw new Error('expiresInMinutes must be a positive integer');
  return `expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export function assertCode(code: string): void {
  if (!/^\d{6}$/.test(code)) throw new Error('A verification code is exactly 6 digits');
}

/** Only absolute http(s) links go into an email; anything else is a bug upstream. */
export function assertHttpUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error('Email links must be absolute http(s) URLs');
  }
  return parsed.href;
}
