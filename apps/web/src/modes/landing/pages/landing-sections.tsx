/** What the product does today, and nothing it does not do yet. */
const FEATURES = [
  { title: 'Themed storefronts', body: 'A fast, good-looking store at your own URL, custom domain or bio link.', icon: 'M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5' },
  { title: 'Discounts and bundles', body: 'Discount codes, bundles of your downloads and an order bump at checkout.', icon: 'M4 5h16v14H4zM4 9h16M8 13h5' },
  { title: 'Members area', body: 'Buyers get their own sign-in to find their purchases and downloads.', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20a8 8 0 0 1 16 0' },
  { title: 'Secure payments', body: 'Get paid through Stripe straight into your account, in any of 140+ currencies. Visitors abroad also see an approximate price in their own.', icon: 'M3 7h18v10H3zM3 11h18M7 15h3' },
  { title: 'Email your audience', body: 'Grow your list with free downloads, then send launches and updates to the customers who opted in.', icon: 'M4 6h16v12H4zM4 7l8 6 8-6' },
  { title: 'Clear analytics', body: 'Visitors, link clicks and sales, with where they came from. No cookies, no personal data.', icon: 'M4 19h16M7 16l4-5 3 3 5-7' },
  { title: 'Sales at a glance', body: 'Every order, refund and download in one place, with a CSV export.', icon: 'M5 19V11M12 19V5M19 19v-6' },
] as const;

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="bg-slate-50 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Everything you need to sell online
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">One dashboard for your store, your products and your customers.</p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <div className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600" aria-hidden="true">
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-5">
                  <path d={feature.icon} />
                </svg>
              </div>
              <h3 className="mt-4 font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{feature.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const STEPS = [
  { title: 'Sign up', body: 'Verify your email with a 6-digit code.' },
  { title: 'Name your store', body: 'We suggest a URL that is yours alone.' },
  { title: 'Add products', body: 'Upload your files, set a price, publish.' },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-5xl">
        <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Live in three steps
        </h2>
        <ol className="mt-12 grid gap-8 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="text-center">
              <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
