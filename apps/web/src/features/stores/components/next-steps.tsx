import { Link } from 'react-router';
import { useStoreStats } from '../hooks/use-store-stats.ts';

export interface NextStepsPaths {
  builderPath: string;
  settingsPath: string;
  productsPath: string;
}

/**
 * The overview's suggestions: a store with no product yet is first told to add one (a storefront
 * without products sells nothing); then the builder and a domain.
 */
export function NextSteps({ storeId, builderPath, settingsPath, productsPath }: NextStepsPaths & { storeId: string }) {
  const stats = useStoreStats(storeId);
  const noProducts = stats.data?.products === 0;
  return (
    <section aria-labelledby="next-steps-title" className="space-y-3">
      <h2 id="next-steps-title" className="text-base font-semibold text-slate-900">
        Next steps
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {noProducts ? <NextStep to={`${productsPath}?new`} title="Add your first product" text="A download, a free lead magnet or a link: your store sells nothing until it has one." /> : null}
        <NextStep to={builderPath} title="Design your storefront" text="Profile, links, theme and colours, with a live preview." />
        <NextStep to={`${settingsPath}#domains`} title="Connect a domain" text="Use your own domain or a bio subdomain." />
      </ul>
    </section>
  );
}

function NextStep({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <li>
      <Link to={to} className="group flex h-full items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-500/50">
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-slate-900 group-hover:text-brand-700">{title}</span>
          <span className="mt-0.5 block text-sm text-slate-600">{text}</span>
        </span>
        <span aria-hidden="true" className="text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600">
          →
        </span>
      </Link>
    </li>
  );
}
