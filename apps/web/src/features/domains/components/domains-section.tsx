import { storefrontUrl } from '@shopfront/core';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { usePlatformStatus } from '#src/lib/use-platform-status.ts';
import { Alert } from '#src/components/ui/alert.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useStoreDomains } from '../api/domains-api.ts';
import { AddDomainForm } from './add-domain-form.tsx';
import { BioSubdomainForm } from './bio-subdomain-form.tsx';
import { CustomDomainCard } from './custom-domain-card.tsx';

/** Settings › Domains for the active store: its platform address, a custom domain and a bio subdomain. */
export function DomainsSection() {
  const { store } = useActiveStore();
  return (
    <section id="domains" aria-labelledby="domains-title" className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="domains-title" className="text-lg font-semibold text-slate-900">
        Domains
      </h2>
      <p className="mt-1 text-sm text-slate-600">Where visitors find {store ? store.name : 'your store'}.</p>
      {store ? <DomainsBody storeId={store.id} slug={store.slug} /> : <p className="mt-4 text-sm text-slate-600">Create a store to connect domains.</p>}
    </section>
  );
}

function DomainsBody({ storeId, slug }: { storeId: string; slug: string }) {
  const domains = useStoreDomains(storeId);
  const platform = usePlatformStatus();
  if (domains.isPending) return <div className="py-6"><Spinner label="Loading domains" /></div>;
  if (domains.isError) {
    return (
      <Alert className="mt-4" title="Domains could not load">
        {errorMessage(domains.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void domains.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const data = domains.data;
  // Spec §3 feature flag `customDomains` (default off): the platform's switch, checked again by the server.
  const customDomainsOn = platform.data?.featureFlags.customDomains ?? data.customDomainsEnabled;

  return (
    <div className="mt-5 divide-y divide-slate-100">
      <div className="pb-5">
        <h3 className="text-sm font-semibold text-slate-900">Platform address</h3>
        <a href={storefrontUrl({ slug }, { origin: '' })} target="_blank" rel="noreferrer" className="mt-1 inline-block font-medium break-all text-brand-700 hover:underline">
          {data.platformUrl}
        </a>
      </div>

      <div className="py-5">
        <h3 className="text-sm font-semibold text-slate-900">Custom domain</h3>
        {customDomainsOn ? (
          <div className="mt-3 space-y-3">
            {data.customDomains.map((domain) => (
              <CustomDomainCard key={domain.domain} storeId={storeId} domain={domain} />
            ))}
            {data.customDomains.length === 0 ? (
              <>
                <p className="text-sm text-slate-600">Use a domain you own, like shop.yourname.com. You will prove it is yours with a DNS record.</p>
                <AddDomainForm storeId={storeId} />
              </>
            ) : null}
          </div>
        ) : (
          <p data-testid="custom-domains-disabled" className="mt-2 rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-inset ring-slate-200">
            Custom domains are disabled on this platform. An administrator can turn them on.
          </p>
        )}
      </div>

      <div className="pt-5">
        <h3 className="text-sm font-semibold text-slate-900">Bio subdomain</h3>
        {data.bioDomainBase ? (
          <div className="mt-3">
            <BioSubdomainForm key={data.bioDomain ?? 'none'} storeId={storeId} current={data.bioDomain} base={data.bioDomainBase} />
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">This platform does not offer bio subdomains.</p>
        )}
      </div>
    </div>
  );
}
