import type { WebsitePageSummary } from '@shopfront/core';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { PageStatusBadge } from './page-status-badge.tsx';
import { PreviewLink } from './preview-link.tsx';

export type PageAction = 'settings' | 'duplicate' | 'publish' | 'unpublish' | 'discard' | 'versions' | 'delete';

interface PageRowProps {
  page: WebsitePageSummary;
  index: number;
  count: number;
  storeSlug: string;
  editorHref: string;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onAction: (action: PageAction) => void;
}

export const moveButtonId = (pageId: string, direction: 'up' | 'down') => `website-page-${pageId}-${direction}`;

/** One page of the site: its place in the navigation, status, and everything that can be done to it. */
export function PageRow({ page, index, count, storeSlug, editorHref, busy, onMove, onAction }: PageRowProps) {
  const name = `“${page.title}”`;
  return (
    <li aria-label={page.title} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-500" aria-hidden="true">
              {index + 1}.
            </span>
            <Link to={editorHref} className="break-words font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
              {page.title}
            </Link>
            <PageStatusBadge status={page.status} />
            {page.isHome ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">Home page</span> : null}
          </p>
          <p className="mt-1 break-all text-sm text-slate-600">/{page.slug}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-1">
          <Button id={moveButtonId(page.id, 'up')} variant="ghost" className="px-3" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            Move up
          </Button>
          <Button id={moveButtonId(page.id, 'down')} variant="ghost" className="px-3" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
            Move down
          </Button>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-1 border-t border-slate-100 pt-3">
        <Link to={editorHref} className={buttonClasses('secondary', 'px-3')} aria-label={`Edit ${name}`}>
          Edit
        </Link>
        <PreviewLink storeSlug={storeSlug} pageSlug={page.slug} pageTitle={page.title} />
        {page.status !== 'published' ? (
          <Button variant="ghost" className="px-3" aria-label={`Publish ${name}`} disabled={busy} onClick={() => onAction('publish')}>
            Publish
          </Button>
        ) : null}
        {page.status !== 'draft' ? (
          <Button variant="ghost" className="px-3" aria-label={`Unpublish ${name}`} disabled={busy} onClick={() => onAction('unpublish')}>
            Unpublish
          </Button>
        ) : null}
        {page.status === 'changed' ? (
          <Button variant="ghost" className="px-3" aria-label={`Discard the draft of ${name}`} disabled={busy} onClick={() => onAction('discard')}>
            Discard draft
          </Button>
        ) : null}
        <Button variant="ghost" className="px-3" aria-label={`Settings of ${name}`} disabled={busy} onClick={() => onAction('settings')}>
          Settings
        </Button>
        <Button variant="ghost" className="px-3" aria-label={`Duplicate ${name}`} disabled={busy} onClick={() => onAction('duplicate')}>
          Duplicate
        </Button>
        <Button variant="ghost" className="px-3" aria-label={`Versions of ${name}`} onClick={() => onAction('versions')}>
          Versions
        </Button>
        {page.isHome ? null : (
          <Button variant="ghost" className="px-3 text-red-700 hover:bg-red-50" aria-label={`Delete ${name}`} disabled={busy} onClick={() => onAction('delete')}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
