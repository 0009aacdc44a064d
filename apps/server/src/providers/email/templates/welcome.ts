import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';
import type { EmailBlock } from './blocks.ts';

export interface WelcomeParams extends TemplateBrand {
  firstName?: string | undefined;
  /** Absolute http(s) link to the dashboard; the button is left out without it. */
  dashboardUrl?: string | undefined;
}

/** Sent once after `signUp` created the account. */
export function welcomeEmail(params: WelcomeParams): RenderedEmail {
  const product = brandName(params);
  const firstName = params.firstName?.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `Your ${product} account is ready. Set up your store, add your first product and share your link.` },
  ];
  if (params.dashboardUrl) {
    blocks.push({ kind: 'action', label: 'Open your dashboard', url: assertHttpUrl(params.dashboardUrl) });
  }
  blocks.push({ kind: 'note', text: 'You are receiving this email because you created an account with this address.' });
  return renderEmail(product, {
    subject: `Welcome to ${product}`,
    preheader: `Your ${product} account is ready.`,
    heading: firstName ? `Welcome, ${firstName}!` : `Welcome to ${product}!`,
    blocks,
  });
}
