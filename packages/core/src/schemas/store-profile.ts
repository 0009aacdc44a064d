import { z } from 'zod';
import { THEMES } from '../constants.ts';
import { StoreDescriptionSchema, StoreNameSchema } from './fields.ts';
import { multiLine, singleLine, singleLineText } from './text.ts';

/** SECURITY "Content": colours are `#rrggbb`. */
export const HexColorSchema = z
  .string()
  .trim()
  .check(singleLine)
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, { error: 'Colours must look like #a1b2c3.' });

/** Spec §3 theme colours; each one optional (the theme's own colour applies when absent). */
export const THEME_COLOR_KEYS = [
  'buttonColor',
  'buttonTextColor',
  'backgroundStartColor',
  'backgroundEndColor',
  'headerBackgroundColor',
  'titleTextColor',
  'socialIconsColor',
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export const ThemeColorsSchema = z
  .object(Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, HexColorSchema.optional()])) as Record<
    ThemeColorKey,
    z.ZodOptional<typeof HexColorSchema>
  >)
  .strict();
export type ThemeColors = z.infer<typeof ThemeColorsSchema>;

export const ThemeIdSchema = z.enum(THEMES);

/** SECURITY: links allow only http(s) and mailto. */
export const SafeUrlSchema = z
  .string()
  .trim()
  .check(singleLine)
  .max(2048)
  .refine(
    (value) => {
      try {
        return ['http:', 'https:', 'mailto:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: 'Links must start with https://, http:// or mailto:.' },
  );

export const SOCIAL_PLATFORMS = [
  'instagram',
  'tiktok',
  'youtube',
  'x',
  'facebook',
  'linkedin',
  'threads',
  'pinterest',
  'spotify',
  'twitch',
  'discord',
  'github',
  'website',
  'email',
] as const;
export const SocialLinkSchema = z.object({ platform: z.enum(SOCIAL_PLATFORMS), url: SafeUrlSchema }).strict();
export type SocialLink = z.infer<typeof SocialLinkSchema>;

export const LINK_BLOCK_LIMIT = 50;
export const SOCIAL_LINK_LIMIT = 20;

/** A link block on the storefront (Stan/Linktree style): a titled button to any safe URL. */
export const LinkBlockSchema = z
  .object({
    id: singleLineText().min(1).max(40),
    title: z.string().trim().check(singleLine).min(1, { error: 'Link title is required.' }).max(100, { error: 'Link titles must be under 100 characters.' }),
    url: SafeUrlSchema,
    description: z.string().trim().check(multiLine).max(200).optional(),
    hidden: z.boolean().optional(),
  })
  .strict();
export type LinkBlock = z.infer<typeof LinkBlockSchema>;

/** Product order and visibility on the storefront (products arrive with the selling issue). */
export const ProductLayoutSchema = z
  .object({ order: z.array(singleLineText().max(60)).max(500), hidden: z.array(singleLineText().max(60)).max(500) })
  .strict();
export type ProductLayout = z.infer<typeof ProductLayoutSchema>;

/**
 * What the store builder edits: saved to the draft (spec store-previews) and copied to the live
 * store on publish (spec §4).
 */
export const StoreProfileSchema = z
  .object({
    name: StoreNameSchema,
    description: StoreDescriptionSchema,
    avatarUrl: singleLineText().max(2048).nullable(),
    socialLinks: z.array(SocialLinkSchema).max(SOCIAL_LINK_LIMIT),
    links: z.array(LinkBlockSchema).max(LINK_BLOCK_LIMIT),
    theme: ThemeIdSchema,
    themeOverrides: z.object({ colors: ThemeColorsSchema }).strict(),
    productLayout: ProductLayoutSchema,
  })
  .strict();
export type StoreProfile = z.infer<typeof StoreProfileSchema>;

/** A published product as the storefront lists it (fields in docs/selling.md). */
export const StorefrontProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  type: z.enum(['digital', 'lead-magnet', 'link', 'membership', 'course', 'call']),
  title: z.string(),
  subtitle: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  priceMode: z.enum(['fixed', 'free', 'pay-what-you-want']),
  /** Minor units; null for link products (no price shown) and memberships (priced by tier). */
  priceCents: z.number().int().nullable(),
  minPriceCents: z.number().int(),
  compareAtCents: z.number().int().nullable(),
  currency: z.string(),
  ctaLabel: z.string(),
  /** Link products: where the button goes. */
  externalUrl: z.string().nullable(),
});
export type StorefrontProduct = z.infer<typeof StorefrontProductSchema>;

/** The product page (`/{slug}/p/{productSlug}`): the summary plus the sanitised description. */
export const StorefrontProductDetailSchema = StorefrontProductSchema.extend({
  descriptionHtml: z.string(),
  /** Digital downloads: how many files the buyer gets (names stay private until purchase). */
  fileCount: z.number().int(),
  /** A bundle's included products (titles and file counts, in order); empty for other products. */
  includes: z.array(z.object({ title: z.string(), fileCount: z.number().int() })).optional(),
  /** The order bump the checkout form offers, when its product is published. */
  bump: z.object({ title: z.string(), priceCents: z.number().int() }).nullable().optional(),
  /** Also sold in this many monthly instalments of this amount (decision 047); null: paid in full only. */
  plan: z.object({ instalments: z.number().int(), instalmentCents: z.number().int() }).nullable().optional(),
  /**
   * A membership's live tiers in the creator's order, as visitors choose among them (the join form
   * shows them when present; docs/memberships.md). `full`: the member limit is reached.
   */
  membershipTiers: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        benefits: z.array(z.string()),
        monthlyPriceCents: z.number().int().nullable(),
        yearlyPriceCents: z.number().int().nullable(),
        trialDays: z.number().int(),
        setupFeeCents: z.number().int(),
        full: z.boolean(),
        /** The titles of the courses the tier includes, in the creator's order. */
        courses: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  /** A membership's newest published members-only posts: titles only, shown locked. */
  membershipPosts: z.array(z.object({ title: z.string(), publishedAt: z.string() })).optional(),
});
export type StorefrontProductDetail = z.infer<typeof StorefrontProductDetailSchema>;
export type StorefrontMembershipTier = NonNullable<StorefrontProductDetail['membershipTiers']>[number];

/** Everything a storefront page renders, inlined into the HTML and hydrated on the client. */
export const StorefrontDataSchema = z.object({
  store: z.object({
    id: z.string(),
    slug: z.string(),
    customDomain: z.string().nullable(),
    profile: StoreProfileSchema,
  }),
  products: z.array(StorefrontProductSchema),
  isPreview: z.boolean(),
  /** Set on a product page: the product it shows (the list above still holds every product). */
  product: StorefrontProductDetailSchema.nullable().optional(),
  /** Absolute canonical URL (custom domain when there is one). */
  canonicalUrl: z.string(),
});
export type StorefrontData = z.infer<typeof StorefrontDataSchema>;
