// Exports findSignupForms and assertSignupFormOfStore: the website's signup forms, for the form trigger.
import { AppError, AUTOMATION_MESSAGES, type AutomationTrigger, type WebsitePageContent } from '@shopfront/core';
import { signupFormKey } from '@shopfront/core/signup-form';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { websitePages } from '#src/db/schema/index.ts';

export interface SignupForm {
  form: string;
  heading: string;
  pageTitle: string;
  pageSlug: string;
  /** On a published page: visitors can use it now. */
  published: boolean;
}

type Block = WebsitePageContent['content'][number];

/**
 * The EmailSignup blocks of the store's website pages, in page order, each key once. A form is
 * keyed by its block's id as the page posts it (`block`), so it keeps its key through edits and
 * publishing; a form only in a page's unpublished draft is listed too (not yet `published`).
 */
export async function findSignupForms(db: Executor, storeId: string): Promise<SignupForm[]> {
  const pages = await db
    .select({ slug: websitePages.slug, title: websitePages.title, draft: websitePages.draftContent, published: websitePages.publishedContent })
    .from(websitePages)
    .where(eq(websitePages.storeId, storeId))
    .orderBy(asc(websitePages.position), asc(websitePages.id));
  const forms = new Map<string, SignupForm>();
  for (const page of pages) {
    const live = new Set(signupBlocks(page.published?.content ?? []).map((block) => signupFormKey(block.props.id)));
    for (const content of [page.published, page.draft]) {
      for (const block of signupBlocks(content?.content ?? [])) {
        const form = signupFormKey(block.props.id);
        if (!forms.has(form)) forms.set(form, { form, heading: block.props.heading, pageTitle: page.title, pageSlug: page.slug, published: live.has(form) });
      }
    }
  }
  return [...forms.values()];
}

/** A trigger naming a form: only the signup-form source may, and the form must be on the store's website. */
export async function assertSignupFormOfStore(db: Executor, storeId: string, trigger: AutomationTrigger): Promise<void> {
  if (trigger.kind !== 'joined' || !trigger.form) return;
  if (trigger.source !== 'signup-form') throw new AppError('invalid-argument', AUTOMATION_MESSAGES.formOnlyForSignupForm);
  const forms = await findSignupForms(db, storeId);
  if (!forms.some((form) => form.form === trigger.form)) throw new AppError('not-found', AUTOMATION_MESSAGES.formNotFound);
}

function signupBlocks(content: readonly Block[]): Extract<Block, { type: 'EmailSignup' }>[] {
  const found: Extract<Block, { type: 'EmailSignup' }>[] = [];
  for (const block of content) {
    if (block.type === 'EmailSignup') found.push(block);
    if (block.type === 'Columns') found.push(...signupBlocks([...block.props.left, ...block.props.middle, ...block.props.right]));
  }
  return found;
}
