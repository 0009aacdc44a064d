import { useSearchParams } from 'react-router';
import { StoreNotFound } from '../../../components/errors/not-found-screens.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useStoreLookup } from '../../../features/stores/index.ts';
import { useAppContext } from '../../../lib/app-context.tsx';
import { StoreHeader } from '../components/store-header.tsx';
import { PREVIEW_PARAM } from '../paths.ts';

/** Spec §2: the store landing with the store theme; Store Not Found without data or on error. */
export function StoreLandingPage() {
  const { storeKey } = useAppContext();
  const [params] = useSearchParams();
  const preview = params.get(PREVIEW_PARAM) === 'true';
  const store = useStoreLookup(storeKey);

  if (store.isPending) return <FullPageSpinner label="Loading store" />;
  if (store.isError || !store.data) return <StoreNotFound />;

  return (
    <div data-theme="mocha-mood" className="min-h-dvh bg-[#faf6f1] text-[#3b2a20]">
      {preview ? (
        <div role="note" className="bg-[#3b2a20] px-4 py-2 text-center text-sm font-medium text-[#faf6f1]">
          Preview — you're seeing unpublished changes.
        </div>
      ) : null}
      <StoreHeader name={store.data.name} />
      <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        <section aria-labelledby="store-hero" className="text-center">
          <h1 id="store-hero" className="font-serif text-4xl font-bold tracking-tight sm:text-5xl">
            {store.data.name}
          </h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-[#6b4f3f]">Welcome! Products from this store will appear here soon.</p>
        </section>
        <section aria-label="Products" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((slot) => (
            <div key={slot} className="rounded-2xl border border-[#e8dccf] bg-white/70 p-5" aria-hidden="true">
              <div className="aspect-[4/3] rounded-xl bg-[#efe4d8]" />
              <div className="mt-4 h-4 w-2/3 rounded bg-[#e8dccf]" />
              <div className="mt-2 h-4 w-1/3 rounded bg-[#efe4d8]" />
            </div>
          ))}
        </section>
        <p className="mt-8 text-center text-sm text-[#8a6d5c]">The store's catalogue is coming soon.</p>
      </main>
    </div>
  );
}
