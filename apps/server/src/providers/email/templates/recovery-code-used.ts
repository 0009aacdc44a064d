import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface RecoveryCodeUsedParams extends TemplateBrand {
  /** What the code was used for, as a phrase: "to sign in", "to turn off two-step verification". */
  usedFor: string;
  /** Unused codes left; null when the use replaced or removed the whole set. */
  remaining: number | null;
  /** When, shown in UTC (the owner's time zone is not known here). */
  usedAt: Date;
  /** Absolute http(s) link to Settings › Security. */
  settingsUrl: string;
}

/**
 * Told to the owner every time one of their recovery codes is used: a code is the way in without
 * the phone, so a use they did not make means someone holds their password and their codes.
 * Never carries a code.
 */
export function recoveryCodeUsedEmail(params: RecoveryCodeUsedParams): RenderedEmail {
  const product = brandName(params);
  const when = `${params.usedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const left =
    params.remaining === null
      ? null
      : params.remaining === 0
        ? 'You have no recovery codes left. Generate new ones in Settings › Security now.'
        : `You have ${params.remaining} recovery ${params.remaining === 1 ? 'code' : 'codes'} left.${params.remaining <= 2 ? ' Generate new ones in Settings › Security before you run out.' : ''}`;
  return renderEmail(product, {
    subject: `A recovery code was used on your ${product} account`,
    preheader: `One of your recovery codes was used ${params.usedFor}.`,
    heading: 'A recovery code was used',
    blocks: [
      { kind: 'paragraph', text: `One of your two-step verification recovery codes was used ${params.usedFor} on ${when}. That code no longer works.` },
      ...(left ? [{ kind: 'paragraph' as const, text: left }] : []),
      { kind: 'action', label: 'Review your security settings', url: assertHttpUrl(params.settingsUrl) },
      {
        kind: 'note',
        text: 'If this was not you, someone knows your password and has your recovery codes: reset your password now, then generate new recovery codes.',
      },
    ],
  });
}
