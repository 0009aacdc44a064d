import { describe, expect, it } from 'vitest';
import { storePageBases, withCampaignUtm } from './campaign-utm.ts';

const CAMPAIGN = 'cmp_0123456789abcdefghij';
const UTM = `utm_source=shopfront&utm_medium=email&utm_campaign=${CAMPAIGN}`;

describe('withCampaignUtm', () => {
  const attribution = { campaignId: CAMPAIGN, storeBases: storePageBases({ slug: 'ada', customDomain: 'shop.ada.example' }, { origin: 'https://app.example/' }) };
  const tag = (href: string) => withCampaignUtm(href, attribution);

  it('knows the store by its platform path and its custom domain', () => {
    expect(attribution.storeBases).toEqual(['https://app.example/ada', 'https://shop.ada.example']);
    expect(storePageBases({ slug: 'ada', customDomain: null }, { origin: 'https://app.example' })).toEqual(['https://app.example/ada']);
  });

  it("tags links to the store's own pages, keeping their path, query and fragment", () => {
    expect(tag('https://app.example/ada')).toBe(`https://app.example/ada?${UTM}`);
    expect(tag('https://app.example/ada/p/zine')).toBe(`https://app.example/ada/p/zine?${UTM}`);
    expect(tag('https://app.example/ada/website/about?ref=1#team')).toBe(`https://app.example/ada/website/about?ref=1&${UTM}#team`);
    expect(tag('https://shop.ada.example/')).toBe(`https://shop.ada.example/?${UTM}`);
    expect(tag('http://SHOP.ada.example/p/zine')).toBe(`http://shop.ada.example/p/zine?${UTM}`);
  });

  it("replaces the creator's own UTM values on a store link (the email is the source of the click)", () => {
    expect(tag('https://app.example/ada/p/zine?utm_source=x&utm_campaign=y&size=m')).toBe(`https://app.example/ada/p/zine?utm_source=shopfront&utm_campaign=${CAMPAIGN}&size=m&utm_medium=email`);
  });

  it('leaves every other link as written: other stores, other sites, mailto, unsubscribe pages, junk', () => {
    for (const href of [
      'https://app.example/adam',
      'https://app.example/adam/p/zine',
      'https://app.example/other/p/zine',
      'https://app.example/e/u/token',
      'https://app.example/',
      'https://blog.example/post?a=1&b=2',
      'https://shop.ada.example.evil.com/',
      'mailto:hi@ada.example',
      'not a url',
    ]) {
      expect(tag(href)).toBe(href);
    }
  });
});
