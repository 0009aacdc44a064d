import { websitePreviewUrl } from '@shopfront/core';
import { buttonClasses } from '#src/components/ui/button.tsx';

/** The landing preview (spec §2 `/website/{slug}/{pageSlug}`) with `?preview=true`: the draft, for the signed-in owner only. */
export function previewHref(storeSlug: string, pageSlug: string): string {
  return `${websitePreviewUrl({ slug: storeSlug }, pageSlug, { origin: '' })}?preview=true`;
}

export function PreviewLink({ storeSlug, pageSlug, pageTitle, className }: { storeSlug: string; pageSlug: string; pageTitle?: string; className?: string }) {
  return (
    <a href={previewHref(storeSlug, pageSlug)} target="_blank" rel="noreferrer" className={buttonClasses('ghost', className ?? 'px-3')}>
      Preview{' '}
      <span className="sr-only">{pageTitle ? `“${pageTitle}” (opens in a new tab)` : '(opens in a new tab)'}</span>
    </a>
  );
}
