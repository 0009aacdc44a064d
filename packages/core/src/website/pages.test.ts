import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { WEBSITE_LIMITS } from './blocks.ts';
import { WebsitePageFieldsSchema, WebsitePageSlugSchema, WebsitePageTitleSchema } from './pages.ts';

const M = MESSAGES.website;
const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('website page fields', () => {
  it('takes titles of 1 to 80 characters', () => {
    expect(messageOf(WebsitePageTitleSchema.safeParse('  '))).toBe(M.titleRequired);
    expect(WebsitePageTitleSchema.parse('a')).toBe('a');
    expect(WebsitePageTitleSchema.parse('t'.repeat(80))).toHaveLength(80);
    expect(messageOf(WebsitePageTitleSchema.safeParse('t'.repeat(81)))).toBe(M.titleTooLong);
  });

  it('takes slugs of 1 to 60 lowercase letters, digits and single hyphens', () => {
    expect(WebsitePageSlugSchema.parse('A')).toBe('a');
    expect(WebsitePageSlugSchema.parse(' ＡＢＯＵＴ ')).toBe('about');
    expect(WebsitePageSlugSchema.parse('s'.repeat(60))).toHaveLength(60);
    for (const bad of ['', 's'.repeat(61), 'a--b', '-a', 'a b', 'über', 'a/b']) {
      expect(messageOf(WebsitePageSlugSchema.safeParse(bad))).toBe(M.slugInvalid);
    }
  });

  it('holds the SEO fields to 70 and 160 characters', () => {
    expect(WebsitePageFieldsSchema.safeParse({ seoTitle: 's'.repeat(70), seoDescription: 'd'.repeat(160) }).success).toBe(true);
    expect(messageOf(WebsitePageFieldsSchema.safeParse({ seoTitle: 's'.repeat(71) }))).toBe(M.seoTitleTooLong);
    expect(messageOf(WebsitePageFieldsSchema.safeParse({ seoDescription: 'd'.repeat(161) }))).toBe(M.seoDescriptionTooLong);
    expect(messageOf(WebsitePageFieldsSchema.safeParse({ seoImageSrc: 'javascript:x' }))).toBe(M.imageInvalid);
    expect(WebsitePageFieldsSchema.safeParse({ isHome: true }).success).toBe(false);
  });

  it('names the limits the messages quote', () => {
    const L = WEBSITE_LIMITS;
    expect([M.titleTooLong, M.seoTitleTooLong, M.seoDescriptionTooLong, M.tooManyPages, M.tooManyBlocks, M.slugInvalid]).toEqual([
      expect.stringContaining(String(L.titleMax)),
      expect.stringContaining(String(L.seoTitleMax)),
      expect.stringContaining(String(L.seoDescriptionMax)),
      expect.stringContaining(String(L.pagesPerStore)),
      expect.stringContaining(String(L.blocksPerPage)),
      expect.stringContaining(`1–${L.slugMax}`),
    ]);
  });
});
