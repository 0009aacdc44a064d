import { escapeHtml } from '#src/providers/email/templates/escape-html.ts';
import { campaignTokenPattern } from './campaign-tokens.ts';
import type { CampaignTemplate, PersonalizedEmail, PersonalizeOptions } from './types.ts';

const patterns = new WeakMap<CampaignTemplate, RegExp>();

function tokenPattern(template: CampaignTemplate): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    pattern = campaignTokenPattern(template.nonce);
    patterns.set(template, pattern);
  }
  return pattern;
}

/**
 * One recipient's copy of a rendered campaign: the template's tokens replaced, by plain string
 * substitution (no rendering per message). HTML gets every value HTML-escaped; the text part gets
 * the URLs as they are. One pass per part, so a substituted value is never scanned again.
 * `linkUrl` is asked once per link index.
 */
export function personalizeCampaign(template: CampaignTemplate, options: PersonalizeOptions): PersonalizedEmail {
  const pattern = tokenPattern(template);
  const urls: (string | undefined)[] = [];
  const linkAt = (index: number): string => {
    const href = template.links[index];
    if (href === undefined) return '';
    return (urls[index] ??= options.linkUrl(index, href));
  };
  const value = (unsubscribe: string | undefined, pixel: string | undefined, index: string | undefined, html: boolean): string => {
    if (unsubscribe) return html ? escapeHtml(options.unsubscribeUrl) : options.unsubscribeUrl;
    if (pixel) {
      if (!html || options.openPixelUrl === null) return '';
      return `<img src="${escapeHtml(options.openPixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
    }
    const url = linkAt(Number(index));
    return html ? escapeHtml(url) : url;
  };
  return {
    subject: template.subject,
    html: template.html.replace(pattern, (_m, u?: string, p?: string, i?: string) => value(u, p, i, true)),
    text: template.text.replace(pattern, (_m, u?: string, p?: string, i?: string) => value(u, p, i, false)),
  };
}
