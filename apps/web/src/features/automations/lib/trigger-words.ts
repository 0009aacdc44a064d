import { AUTOMATION_LIMITS, type AutomationTrigger, type AutomationTriggerKind, type Product } from '@shopfront/core';

type Titles = ReadonlyMap<string, string>;

/** Product titles by id, for the sentences below. */
export function productTitles(products: readonly Pick<Product, 'id' | 'title'>[]): Titles {
  return new Map(products.map((product) => [product.id, product.title]));
}

const titleOf = (titles: Titles, productId: string | null) => (productId ? (titles.get(productId) ?? 'a product that no longer exists') : null);

/** 90 → "90 minutes", 60 → "1 hour", 2880 → "2 days". */
export function minutesInWords(minutes: number): string {
  const plural = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

const membership = (titles: Titles, productId: string | null) => (productId ? `a membership to ${titleOf(titles, productId)}` : 'any membership');

/** The trigger as the list and the editor say it: "When someone buys Ebook". */
export function triggerInWords(trigger: AutomationTrigger, titles: Titles): string {
  switch (trigger.kind) {
    case 'joined':
      if (trigger.source === 'signup-form') return trigger.form ? 'When someone signs up through a chosen form on your website' : 'When someone signs up through your website’s form';
      if (trigger.source === 'lead-magnet') return `When someone gets ${titleOf(titles, trigger.productId) ?? 'any free product'}`;
      return 'When someone joins your audience';
    case 'purchased':
      return `When someone buys ${titleOf(titles, trigger.productId) ?? 'any product'}`;
    case 'tag-added':
      return `When the tag “${trigger.tag}” is added to someone`;
    case 'abandoned-checkout': {
      const product = titleOf(titles, trigger.productId);
      return `When someone leaves ${product ? `a checkout for ${product}` : 'a checkout'} unpaid for ${minutesInWords(trigger.delayMinutes)}`;
    }
    case 'membership-started':
      return `When someone starts ${membership(titles, trigger.productId)}`;
    case 'membership-cancelled':
      return `When someone cancels ${membership(titles, trigger.productId)}`;
    case 'membership-payment-failed':
      return `When a payment for ${membership(titles, trigger.productId)} fails`;
    default:
      // A trigger kind this screen does not know yet (the server may add some): say something true.
      return `When “${(trigger as { kind: string }).kind}” happens`;
  }
}

/** The kinds this editor can set up; a kind added later shows as it is until the editor learns it. */
export const EDITABLE_TRIGGER_KINDS = ['joined', 'purchased', 'tag-added', 'abandoned-checkout', 'membership-started', 'membership-cancelled', 'membership-payment-failed'] as const satisfies readonly AutomationTriggerKind[];
export type EditableTriggerKind = (typeof EDITABLE_TRIGGER_KINDS)[number];

export const TRIGGER_KIND_LABELS: Record<EditableTriggerKind, string> = {
  joined: 'Someone joins your audience',
  purchased: 'Someone buys a product',
  'tag-added': 'A tag is added to someone',
  'abandoned-checkout': 'Someone leaves checkout without paying',
  'membership-started': 'Someone starts a membership',
  'membership-cancelled': 'Someone cancels a membership',
  'membership-payment-failed': 'A membership payment fails',
};

/** A trigger of `kind` with its usual choices (a delay of an hour for abandoned checkouts). */
export function defaultTrigger(kind: EditableTriggerKind): AutomationTrigger {
  switch (kind) {
    case 'joined':
      return { kind, source: 'any', productId: null };
    case 'purchased':
      return { kind, productId: null };
    case 'tag-added':
      return { kind, tag: '' };
    case 'abandoned-checkout':
      return { kind, productId: null, delayMinutes: AUTOMATION_LIMITS.abandonedDelayMinutesDefault };
    case 'membership-started':
    case 'membership-cancelled':
    case 'membership-payment-failed':
      return { kind, productId: null };
  }
}
