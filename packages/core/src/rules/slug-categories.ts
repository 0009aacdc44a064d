/** Spec §5: category suffix sets for smart slug suggestions. The words are ours. */
export const SLUG_CATEGORIES = ['ecommerce', 'education', 'service', 'creative', 'tech'] as const;
export type SlugCategory = (typeof SLUG_CATEGORIES)[number];

/** Most natural first: the first suffixes get the higher confidence. */
export const CATEGORY_SUFFIXES: Readonly<Record<SlugCategory, readonly string[]>> = {
  ecommerce: ['shop', 'store', 'market', 'goods', 'boutique', 'supply', 'outlet', 'mart'],
  education: ['academy', 'learn', 'courses', 'school', 'institute', 'classroom', 'lessons', 'hub'],
  service: ['services', 'pro', 'solutions', 'agency', 'consulting', 'experts', 'group', 'works'],
  creative: ['studio', 'creative', 'designs', 'arts', 'collective', 'gallery', 'works', 'lab'],
  tech: ['tech', 'labs', 'dev', 'digital', 'io', 'systems', 'app', 'hq'],
};

/** Words in a store name or description that point at a category. */
export const CATEGORY_KEYWORDS: Readonly<Record<SlugCategory, readonly string[]>> = {
  ecommerce: ['shop', 'store', 'boutique', 'market', 'goods', 'merch', 'supply', 'mart', 'outlet', 'apparel', 'wear', 'deals', 'gifts', 'presets', 'templates'],
  education: ['academy', 'course', 'courses', 'learn', 'learning', 'school', 'class', 'classes', 'tutor', 'tutoring', 'training', 'lesson', 'lessons', 'study', 'teach', 'teacher', 'university', 'edu'],
  service: ['consulting', 'consultant', 'agency', 'service', 'services', 'solutions', 'coaching', 'coach', 'repair', 'cleaning', 'care', 'clinic', 'law', 'legal', 'accounting', 'fitness', 'wellness'],
  creative: ['art', 'arts', 'design', 'designs', 'photo', 'photography', 'music', 'studio', 'creative', 'craft', 'crafts', 'illustration', 'film', 'films', 'media', 'writer', 'books', 'paint', 'beats'],
  tech: ['tech', 'code', 'coding', 'dev', 'developer', 'software', 'app', 'apps', 'digital', 'labs', 'ai', 'data', 'cloud', 'web', 'cyber', 'systems', 'saas', 'plugins'],
};

/** The category whose keywords appear most often in the text; ties go to the earlier category. */
export function detectSlugCategory(text: string): SlugCategory | null {
  const words = text.normalize('NFKC').toLowerCase().split(/[^a-z0-9]+/);
  let best: SlugCategory | null = null;
  let bestScore = 0;
  for (const category of SLUG_CATEGORIES) {
    const keywords = CATEGORY_KEYWORDS[category];
    const score = words.filter((word) => keywords.includes(word)).length;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

export function isSlugCategory(value: unknown): value is SlugCategory {
  return typeof value === 'string' && (SLUG_CATEGORIES as readonly string[]).includes(value);
}
