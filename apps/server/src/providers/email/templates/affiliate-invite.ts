import type { EmailBlock } from './blocks.ts';
import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface AffiliateInviteParams extends TemplateBrand {
  /** The program's default commission, a whole percent. */
  commissionPercent: number;
  /** The program is on now; an invitation may go out before the store opens it. */
  programOpen: boolean;
  /** Absolute link to the store's members-area affiliate page. */
  joinUrl: string;
  /** Absolute link that refuses further invitations from this store. */
  refuseUrl: string;
}

/**
 * The creator's invitation to become an affiliate of the store (that address joins approved). It
 * leaves from the platform's sender, so the store's name (which a creator types) stays out of the
 * subject and the inbox preview, and is quoted in the body: it never reads as the platform's words.
 */
export function affiliateInviteEmail(params: AffiliateInviteParams): RenderedEmail {
  const store = `“${brandName(params)}”`;
  if (!Number.isInteger(params.commissionPercent)) throw new Error('commissionPercent must be a whole number');
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `The store ${store} invites you to join its affiliate program: share your own link to the store and earn ${params.commissionPercent}% of every sale it brings.` },
    params.programOpen
      ? { kind: 'paragraph', text: 'Your invitation approves you at once. Sign in to the store’s members area, or create an account with this email address, and join.' }
      : { kind: 'paragraph', text: `The program is not open yet. Once the store opens it, the same link lets you join, approved at once.` },
    { kind: 'action', label: 'Become an affiliate', url: assertHttpUrl(params.joinUrl) },
    { kind: 'note', text: `You are receiving this email because the store ${store} invited this address. If you do not want to join, you can ignore it.` },
    { kind: 'action', label: 'No more invitations from this store', url: assertHttpUrl(params.refuseUrl) },
  ];
  return renderEmail(brandName(params), {
    subject: 'You are invited to join a store’s affiliate program',
    preheader: `Earn ${params.commissionPercent}% of the sales you refer. The store and its terms are inside.`,
    heading: 'You are invited to become an affiliate',
    blocks,
  });
}
