import {
  DEFAULT_CTA,
  parseMoney,
  PRODUCT_MESSAGES,
  ProductFieldsSchema,
  productRuleIssues,
  toMajorUnits,
  type PriceMode,
  type Product,
  type ProductFields,
  type ProductType,
} from '@shopfront/core';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What a money input shows for an amount: 1250 → "12.50", 1200 → "12"; empty for none. */
export function centsToInput(cents: number | null, currency: string): string {
  return cents === null ? '' : toMajorUnits(cents, currency, { trimWhole: true });
}

/**
 * A money input as minor units: null when empty, NaN when it is not an amount (the resolver
 * reports it). Stores have no locale of their own and the dashboard writes amounts in English
 * ("1,299.50"), so that is the one format read: "." before the cents, "," only between groups of
 * three digits. Anything else with a comma ("1,00", "12,5", "1.000,50") is refused, never guessed.
 */
export function inputToCents(text: string, currency: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, '');
  if (clean === '') return null;
  if (clean.includes(',')) {
    const digits = clean.replace(/^[^\d,.]+|[^\d,.]+$/g, '');
    if (!THOUSANDS_GROUPED.test(digits)) return Number.NaN;
    return parseMoney(digits.replace(/,/g, ''), currency) ?? Number.NaN;
  }
  return parseMoney(clean, currency) ?? Number.NaN;
}

const THOUSANDS_GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/** Why a typed amount was refused, in words that show the accepted format. */
export function moneyInputMessage(text: string): string {
  return text.includes(',') ? COMMA_MESSAGE : MONEY_MESSAGE;
}

/** What the editor's inputs hold: money as typed text in major units, empty strings for "none". */
export interface ProductFormValues {
  type: ProductType;
  title: string;
  slug: string;
  subtitle: string;
  descriptionHtml: string;
  coverImageUrl: string | null;
  priceMode: PriceMode;
  price: string;
  minPrice: string;
  compareAt: string;
  ctaLabel: string;
  externalUrl: string;
  status: 'draft' | 'published';
}

export type ProductFormField = keyof ProductFormValues;

export const MONEY_MESSAGE = 'Enter an amount like 9.99';
export const COMMA_MESSAGE = 'Use a dot before the cents, like 9.99. A comma may only separate thousands, like 1,000.00';

/** The form for a new product of a type. */
export function emptyProductForm(type: ProductType): ProductFormValues {
  return {
    type,
    title: '',
    slug: '',
    subtitle: '',
    descriptionHtml: '',
    coverImageUrl: null,
    priceMode: type === 'digital' || type === 'course' || type === 'membership' || type === 'call' ? 'fixed' : 'free',
    price: '',
    minPrice: '',
    compareAt: '',
    ctaLabel: '',
    externalUrl: '',
    status: 'draft',
  };
}

/** The form for an existing product. */
export function productToForm(product: Product, currency: string): ProductFormValues {
  const priced = product.priceMode !== 'free';
  return {
    type: product.type,
    title: product.title,
    slug: product.slug,
    subtitle: product.subtitle,
    descriptionHtml: product.descriptionHtml,
    coverImageUrl: product.coverImageUrl,
    priceMode: product.priceMode,
    price: priced ? centsToInput(product.priceCents, currency) : '',
    minPrice: product.priceMode === 'pay-what-you-want' && product.minPriceCents > 0 ? centsToInput(product.minPriceCents, currency) : '',
    compareAt: priced ? centsToInput(product.compareAtCents, currency) : '',
    ctaLabel: product.ctaLabel === DEFAULT_CTA[product.type] ? '' : product.ctaLabel,
    externalUrl: product.externalUrl ?? '',
    status: product.status === 'published' ? 'published' : 'draft',
  };
}

/** Rich text that holds no text (the editor's empty paragraph) is no description. */
function cleanDescription(html: string): string {
  return html.replace(/<p>\s*<\/p>/g, '').trim() === '' ? '' : html;
}

/** The API fields the form means. Money that is not an amount is NaN (reported by the resolver). */
export function formToFields(values: ProductFormValues, currency: string): ProductFields {
  const money = (text: string) => inputToCents(text, currency);
  const { type } = values;
  // A course is priced like a download. A membership is priced by its tiers; the server keeps its own price fields at fixed 0.
  const priceMode: PriceMode = type === 'digital' || type === 'course' || type === 'call' ? values.priceMode : type === 'membership' ? 'fixed' : 'free';
  let priceCents = 0;
  let minPriceCents = 0;
  let compareAtCents: number | null = null;
  if (priceMode === 'fixed') {
    priceCents = money(values.price) ?? 0;
    compareAtCents = money(values.compareAt);
  } else if (priceMode === 'pay-what-you-want') {
    minPriceCents = money(values.minPrice) ?? 0;
    priceCents = money(values.price) ?? minPriceCents;
    compareAtCents = money(values.compareAt);
  }
  const slug = values.slug.trim().toLowerCase();
  return {
    type,
    title: values.title.trim(),
    ...(slug ? { slug } : {}),
    subtitle: values.subtitle.trim(),
    descriptionHtml: cleanDescription(values.descriptionHtml),
    coverImageUrl: values.coverImageUrl,
    priceMode,
    priceCents,
    minPriceCents,
    compareAtCents,
    ctaLabel: values.ctaLabel.trim() || DEFAULT_CTA[type],
    externalUrl: type === 'link' ? values.externalUrl.trim() || null : null,
    status: values.status,
  };
}

/** The API's field names in the form's words. */
const FIELD_OF: Record<string, ProductFormField> = {
  priceCents: 'price',
  minPriceCents: 'minPrice',
  compareAtCents: 'compareAt',
};

function formField(path: string): ProductFormField {
  return FIELD_OF[path] ?? (path as ProductFormField);
}

/** Every problem with the form, by field: bad amounts, then the schema, then the cross-field rules. */
export function productFormIssues(values: ProductFormValues, currency: string): Partial<Record<ProductFormField, string>> {
  const issues: Partial<Record<ProductFormField, string>> = {};
  const add = (field: ProductFormField, message: string) => {
    issues[field] ??= message;
  };
  for (const field of ['price', 'minPrice', 'compareAt'] as const) {
    if (Number.isNaN(inputToCents(values[field], currency))) add(field, moneyInputMessage(values[field]));
  }
  const fields = formToFields(values, currency);
  const parsed = ProductFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(formField(String(issue.path[0] ?? 'title')), issue.message);
  }
  for (const issue of productRuleIssues(fields)) add(formField(issue.path), issue.message);
  return issues;
}

/** react-hook-form resolver over ProductFieldsSchema and productRuleIssues (the server's own rules). */
export function productFormResolver(currency: string): Resolver<ProductFormValues> {
  return (values) => {
    const issues = productFormIssues(values, currency);
    const entries = Object.entries(issues);
    if (entries.length === 0) return { values, errors: {} };
    const errors: FieldErrors<ProductFormValues> = {};
    for (const [field, message] of entries) errors[field as ProductFormField] = { type: 'validate', message };
    return { values: {}, errors };
  };
}

/** The form field a server message is about, so it shows beside the input; null for general ones. */
export function fieldOfServerMessage(message: string): ProductFormField | null {
  const M = PRODUCT_MESSAGES;
  const byMessage: Record<string, ProductFormField> = {
    [M.titleRequired]: 'title',
    [M.titleTooLong]: 'title',
    [M.slugInvalid]: 'slug',
    [M.slugTaken]: 'slug',
    [M.subtitleTooLong]: 'subtitle',
    [M.descriptionTooLong]: 'descriptionHtml',
    [M.ctaRequired]: 'ctaLabel',
    [M.ctaTooLong]: 'ctaLabel',
    [M.compareAtTooLow]: 'compareAt',
    [M.minAboveSuggested]: 'price',
    [M.linkRequired]: 'externalUrl',
    [M.coverInvalid]: 'coverImageUrl',
  };
  return byMessage[message] ?? null;
}

/** Only what changed, for updateProduct (the server merges and re-checks the rules). */
export function changedFields(next: ProductFields, before: Product): Partial<ProductFields> {
  const changed: Partial<ProductFields> = {};
  for (const key of Object.keys(next) as (keyof ProductFields)[]) {
    if (next[key] !== (before as unknown as Record<string, unknown>)[key]) (changed as Record<string, unknown>)[key] = next[key];
  }
  return changed;
}
