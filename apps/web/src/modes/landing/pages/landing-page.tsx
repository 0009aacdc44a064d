import type { ReactNode } from 'react';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Logo } from '#src/components/ui/logo.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { FeatureGrid, HowItWorks } from './landing-sections.tsx';

/**
 * Spec §2 landing page: what Shopfront is, and the way in. `notice` (the maintenance banner) sits
 * above the header; the build's prerendered copy has none, the SPA adds it once it has the status.
 * While signups are closed (`signupsOpen` false: maintenance, or allowSignups off) no button
 * invites anyone to sign up: the way in is signing in.
 */
export function LandingPage({ notice, signupsOpen = true }: { notice?: ReactNode; signupsOpen?: boolean } = {}) {
  return (
    <div className="min-h-dvh bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        Skip to content
      </a>
      {notice}
      <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <ModeLink to="/" className="rounded-lg" aria-label="Shopfront home">
            <Logo />
          </ModeLink>
          <div className="flex items-center gap-1 sm:gap-2">
            <ModeLink to="/login" className={buttonClasses(signupsOpen ? 'ghost' : 'primary', 'px-3')}>
              Sign in
            </ModeLink>
            {signupsOpen ? (
              <ModeLink to="/signup" className={buttonClasses('primary', 'px-3 sm:px-4')}>
                Start selling
              </ModeLink>
            ) : null}
          </div>
        </nav>
      </header>

      <main id="main">
        <section className="relative overflow-hidden">
          <div aria-hidden="true" className="absolute inset-x-0 -top-40 -z-10 flex justify-center blur-3xl">
            <div className="aspect-[3/2] w-[48rem] bg-gradient-to-tr from-brand-100 via-fuchsia-100 to-amber-50 opacity-80" />
          </div>
          <div className="mx-auto max-w-4xl px-4 pb-16 pt-16 text-center sm:px-6 sm:pb-24 sm:pt-24">
            <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-100">
              For creators who sell digital products
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
              Your store, your products, <span className="text-brand-600">your customers.</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-slate-600">
              Shopfront gives you a beautiful storefront, a checkout that delivers your files and a members area for your
              buyers — on your own domain, in minutes. Sell courses, templates, e-books and downloads without the busywork.
            </p>
            <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              {signupsOpen ? (
                <ModeLink to="/signup" className={buttonClasses('primary', 'px-6 text-base')}>
                  Create your free store
                </ModeLink>
              ) : null}
              <ModeLink to="/login" className={buttonClasses(signupsOpen ? 'secondary' : 'primary', 'px-6 text-base')}>
                I already have an account
              </ModeLink>
            </div>
            <p className="mt-4 text-sm text-slate-500">{signupsOpen ? 'Free plan included. No credit card needed.' : 'New signups are closed for now. Creators with an account can sign in.'}</p>
          </div>
        </section>

        <FeatureGrid />
        <HowItWorks />

        <section className="px-4 pb-20 sm:px-6">
          <div className="mx-auto max-w-5xl rounded-3xl bg-slate-900 px-6 py-12 text-center sm:px-12 sm:py-16">
            <h2 className="text-3xl font-bold tracking-tight text-white">{signupsOpen ? 'Open your store today' : 'Already selling with us?'}</h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-300">
              {signupsOpen ? 'Pick a name, choose your URL, and publish your first product in an afternoon.' : 'Sign in to your dashboard: your stores keep selling as usual.'}
            </p>
            <ModeLink to={signupsOpen ? '/signup' : '/login'} className={buttonClasses('secondary', 'mt-8 px-6 text-base ring-0')}>
              {signupsOpen ? 'Get started' : 'Sign in'}
            </ModeLink>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
          <Logo className="text-base" />
          <p>© {new Date().getFullYear()} Shopfront. Built for creators.</p>
        </div>
      </footer>
    </div>
  );
}
