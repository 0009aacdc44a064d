import { useParams } from 'react-router';
import { WebsiteNotFound } from '#src/components/errors/not-found-screens.tsx';
import { ComingSoon } from '#src/components/layout/coming-soon.tsx';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { useStoreLookup } from '#src/features/stores/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { DEFAULT_WEBSITE_PAGE_SLUG } from '../paths.ts';

/** Spec §2: /website/{slug}/{pageSlug} on the product host previews a store's website. */
export function WebsitePreviewPage() {
  const { slug = '', pageSlug = DEFAULT_WEBSITE_PAGE_SLUG } = useParams();
  const { config } = useAppContext();
  const store = useStoreLookup(slug ? { by: 'slug', slug } : null);

  if (store.isPending) return <FullPageSpinner label="Loading website preview" />;
  if (store.isError || !store.data) return <WebsiteNotFound slug={slug} />;

  return (
    <div className="min-h-dvh bg-white">
      {config.environment !== 'production' ? (
        <div role="note" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
          Website preview on a development host — visitors see the published site at its own address.
        </div>
      ) : null}
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
          <p className="text-lg font-bold text-slate-900">{store.data.name}</p>
          <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600">Preview · {pageSlug}</span>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <ComingSoon title={`Website page “${pageSlug}”`} description="Website pages built with the website builder will appear here." />
      </main>
    </div>
  );
}
