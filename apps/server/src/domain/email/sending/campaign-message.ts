import type { Env } from '#src/env.ts';
import { clickUrl, openPixelUrl, unsubscribeUrl } from '#src/domain/email/links/email-link-urls.ts';
import { personalizeCampaign } from '#src/domain/email/render/personalize-campaign.ts';
import type { EmailMessage } from '#src/providers/email/types.ts';
import type { LoadedCampaignTemplate } from './load-campaign-template.ts';

export interface CampaignMessageInput {
  env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl'>;
  loaded: LoadedCampaignTemplate;
  campaignId: string;
  storeId: string;
  from: string;
  recipient: { id: string; email: string; messageId: string };
}

/**
 * One recipient's message: the campaign template personalized with their signed links, the fixed
 * Message-ID of their row (the same on every retry), and the RFC 8058 one-click headers.
 */
export function campaignMessage(input: CampaignMessageInput): EmailMessage {
  const { env, loaded, storeId, recipient } = input;
  const link = { storeId, recipientId: recipient.id };
  const unsubscribe = unsubscribeUrl(env, link);
  const body = personalizeCampaign(loaded.template, {
    unsubscribeUrl: unsubscribe,
    openPixelUrl: loaded.tracking ? openPixelUrl(env, link) : null,
    linkUrl: loaded.tracking ? (linkIndex) => clickUrl(env, { ...link, linkIndex }) : (_index, href) => href,
  });
  return {
    to: recipient.email,
    from: input.from,
    ...(loaded.replyTo ? { replyTo: loaded.replyTo } : {}),
    subject: body.subject,
    text: body.text,
    html: body.html,
    headers: {
      'Message-ID': recipient.messageId,
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    tags: ['campaign', `campaign:${input.campaignId}`],
  };
}
