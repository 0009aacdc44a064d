import { useParams } from 'react-router';
import { WebsiteNotFound } from '#src/components/errors/not-found-screens.tsx';
import { ComingSoon } from '#src/components/layout/coming-soon.tsx';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { useStoreLookup } from '#src/features/stores/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { storeDocumentPath } from '#src/lib/store-paths.ts';
import { DEFAULT_PAGE_SLUG } from '../paths.ts';

/** Spec §2: the store's website; Website Not Found (with the slug) when it cannot be loaded. */
export function WebsiteLandingPage() {
  const { pageSlug = DEFAULT_PAGE_SLUG } = useParams();
  const { storeKey, resolution } = useAppContext();
  const store = useStoreLookup(storeKey);
  const shownSlug = resolution.slug ?? resolution.customDomain ?? '';

  if (store.isPending) return <FullPageSpinner label="Loading website" />;
  if (store.isError || !store.data) return <WebsiteNotFound slug={shownSlug} />;

  return (
    <div data-mode="website" className="min-h-dvh bg-white">
      <header className="border-b border-slate-200">
        <nav aria-label="Website" className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <ModeLink to="/" className="truncate rounded-md text-lg font-bold text-slate-900">
            {store.data.name}
          </ModeLink>
          <ModeLink document to={storeDocumentPath(resolution, '/members/login')} className="rounded-md text-sm font-semibold text-slate-700 hover:text-slate-900">
            Members
          </ModeLink>
        </nav>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{store.data.name}</h1>
        <p className="mt-2 text-slate-600">Website · {pageSlug}</p>
        <div className="mt-10">
          <ComingSoon title="This website is being built" description="Pages made with the website builder will appear here." />
        </div>
      </main>
    </div>
  );
}
