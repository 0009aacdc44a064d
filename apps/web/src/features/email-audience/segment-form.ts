import { EMAIL_LIMITS, SegmentFilterSchema, type EmailSegment, type SegmentFilter } from '@shopfront/core';
import { z } from 'zod';

export const SEGMENT_FORM_MESSAGES = {
  nameRequired: 'Segment name is required',
  nameTooLong: `Segment name must be under ${EMAIL_LIMITS.segmentNameMax} characters`,
  datesReversed: 'The "to" date must be on or after the "from" date',
  productsAndNothing: 'Choose products or “Bought nothing yet”, not both',
  tooManyTags: 'A segment can use up to 20 tags of up to 40 characters each',
} as const;

/** The builder's fields as the form holds them: dates as input strings, tags as one line. */
export const SegmentFormSchema = z
  .object({
    name: z.string().trim().min(1, { error: SEGMENT_FORM_MESSAGES.nameRequired }).max(EMAIL_LIMITS.segmentNameMax, { error: SEGMENT_FORM_MESSAGES.nameTooLong }),
    productIds: z.array(z.string()),
    tags: z.string(),
    signedUpFrom: z.string(),
    signedUpTo: z.string(),
    boughtNothing: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (form.signedUpFrom && form.signedUpTo && form.signedUpFrom > form.signedUpTo) {
      ctx.addIssue({ code: 'custom', path: ['signedUpTo'], message: SEGMENT_FORM_MESSAGES.datesReversed });
    }
    if (form.boughtNothing && form.productIds.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['boughtNothing'], message: SEGMENT_FORM_MESSAGES.productsAndNothing });
    }
    if (!SegmentFilterSchema.shape.tags.safeParse(splitTags(form.tags)).success) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: SEGMENT_FORM_MESSAGES.tooManyTags });
    }
  });
export type SegmentForm = z.infer<typeof SegmentFormSchema>;

export const EMPTY_SEGMENT_FORM: SegmentForm = { name: '', productIds: [], tags: '', signedUpFrom: '', signedUpTo: '', boughtNothing: false };

export function splitTags(line: string): string[] {
  return [...new Set(line.split(',').map((tag) => tag.trim()).filter(Boolean))];
}

/** The contract's filter: only the conditions the creator set (every condition narrows). */
export function filterOf(form: Omit<SegmentForm, 'name'>): SegmentFilter {
  const tags = splitTags(form.tags);
  return {
    ...(form.productIds.length > 0 ? { boughtProductIds: form.productIds } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(form.signedUpFrom ? { signedUpFrom: form.signedUpFrom } : {}),
    ...(form.signedUpTo ? { signedUpTo: form.signedUpTo } : {}),
    ...(form.boughtNothing ? { boughtNothing: true } : {}),
  };
}

/** The filter for the live count, or null while it could not be sent (the count waits). */
export function countableFilter(form: Omit<SegmentForm, 'name'>): SegmentFilter | null {
  const parsed = SegmentFilterSchema.safeParse(filterOf(form));
  return parsed.success ? parsed.data : null;
}

export function formOf(segment: EmailSegment): SegmentForm {
  const { filter } = segment;
  return {
    name: segment.name,
    productIds: filter.boughtProductIds ?? [],
    tags: (filter.tags ?? []).join(', '),
    signedUpFrom: filter.signedUpFrom ?? '',
    signedUpTo: filter.signedUpTo ?? '',
    boughtNothing: filter.boughtNothing ?? false,
  };
}

/** "Bought Glaze recipes · tagged vip · signed up from 2026-01-01", or "Everyone who may receive email". */
export function describeFilter(filter: SegmentFilter, productTitle: (id: string) => string): string {
  const parts: string[] = [];
  if (filter.boughtProductIds?.length) parts.push(`Bought ${filter.boughtProductIds.map(productTitle).join(' or ')}`);
  if (filter.boughtNothing) parts.push('Bought nothing yet');
  if (filter.tags?.length) parts.push(`Tagged ${filter.tags.join(' or ')}`);
  if (filter.signedUpFrom && filter.signedUpTo) parts.push(`Signed up ${filter.signedUpFrom} to ${filter.signedUpTo}`);
  else if (filter.signedUpFrom) parts.push(`Signed up from ${filter.signedUpFrom}`);
  else if (filter.signedUpTo) parts.push(`Signed up until ${filter.signedUpTo}`);
  return parts.length > 0 ? parts.join(' · ') : 'Everyone who may receive email';
}
