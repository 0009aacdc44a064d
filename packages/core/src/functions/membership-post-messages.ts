import { PRODUCT_LIMITS } from '../schemas/product.ts';
import { MEMBERSHIP_LIMITS, MEMBERSHIP_MESSAGES } from './membership-messages.ts';

/** The limits of members-only posts (docs/memberships.md "Members-only posts"), checked on both sides. */
export const MEMBERSHIP_POST_LIMITS = Object.freeze({
  titleMax: 150,
  /** Sanitised HTML, counted after sanitising like a product description (the input may be twice as long). */
  bodyMax: PRODUCT_LIMITS.descriptionMax,
  postsPerMembership: 1_000,
  /** A post names some of the membership's tiers, or none for all of them. */
  tiersPerPost: MEMBERSHIP_LIMITS.tiersPerProduct,
  /** How many titles of published posts the membership's storefront page lists, newest first. */
  storefrontTitles: 20,
  /** Images in one post (each uploaded to the store, 5 MB at most, re-encoded by the server). */
  imagesPerPost: 20,
  /** Files of the membership product attached to one post. */
  filesPerPost: 10,
});

const L = MEMBERSHIP_POST_LIMITS;

/** What post functions answer; another store's post, product or tier answers exactly like a missing one. */
export const MEMBERSHIP_POST_MESSAGES = Object.freeze({
  postNotFound: 'Post not found',
  productNotFound: MEMBERSHIP_MESSAGES.productNotFound,
  tierNotFound: MEMBERSHIP_MESSAGES.tierNotFound,
  titleRequired: 'Post title is required',
  titleTooLong: `Post title must be less than ${L.titleMax + 1} characters`,
  bodyTooLong: 'Post text is too long',
  bodyRequired: 'Write the post before publishing it',
  tiersRequired: 'Choose at least one tier, or all tiers',
  tooManyTiers: `A post can name at most ${L.tiersPerPost} tiers`,
  tooManyPosts: `A membership can have at most ${L.postsPerMembership.toLocaleString('en-US')} posts`,
  imageNotUploaded: 'Images in a post must be uploaded here: an image from another address is not shown',
  tooManyImages: `A post can show at most ${L.imagesPerPost} images`,
  fileNotFound: MEMBERSHIP_MESSAGES.tierFileNotFound,
  tooManyFiles: `A post can have at most ${L.filesPerPost} files`,
  emailNotPublished: 'Publish the post before emailing it',
  alreadyEmailed: 'This post has already been emailed to its members',
  noEmailRecipients: 'No member of these tiers can be emailed now',
});
