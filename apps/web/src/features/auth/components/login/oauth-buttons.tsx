import type { AuthProviderId } from '@shopfront/core';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { useAuthProviders } from '#src/features/auth/api/use-auth-providers.ts';
import { oauthStartUrl, type OAuthFlow, type OAuthPopupState } from '#src/features/auth/hooks/use-oauth-popup.ts';
import { ProviderIcon } from './provider-icon.tsx';

/** Popups suit a desktop with a mouse; phones get the redirect flow. */
export function preferredOAuthFlow(): OAuthFlow {
  if (typeof window.matchMedia !== 'function') return 'redirect';
  return window.matchMedia('(pointer: fine) and (min-width: 640px)').matches ? 'popup' : 'redirect';
}

interface OAuthButtonsProps {
  popup: OAuthPopupState;
  /** The checked return path, handed to the server's OAuth start route. */
  origin: string;
  onPopup: (provider: AuthProviderId) => void;
  flow?: OAuthFlow;
  redirect?: (url: string) => void;
}

/** The operator's enabled providers (spec §7 social sign-in); nothing at all when none are enabled. */
export function OAuthButtons({ popup, origin, onPopup, flow = preferredOAuthFlow(), redirect = (url) => window.location.assign(url) }: OAuthButtonsProps) {
  const providers = useAuthProviders();
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  const choose = (provider: AuthProviderId) => (flow === 'popup' ? onPopup(provider) : redirect(oauthStartUrl(provider, origin, 'redirect')));

  return (
    <section aria-label="Other ways to sign in" className="space-y-4">
      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or continue with
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <ul className={list.length > 1 ? 'grid grid-cols-2 gap-2.5' : 'grid gap-2.5'}>
        {list.map((provider) => {
          const pending = popup.status === 'pending' && popup.provider === provider.id;
          return (
            <li key={provider.id} className={list.length % 2 === 1 && provider === list[list.length - 1] && list.length > 1 ? 'col-span-2' : undefined}>
              <button
                type="button"
                className={buttonClasses('secondary', 'w-full')}
                onClick={() => choose(provider.id)}
                disabled={popup.status === 'pending'}
                aria-busy={pending}
                aria-label={`Continue with ${provider.label}`}
              >
                <ProviderIcon id={provider.id} />
                <span className="truncate">{pending ? 'Waiting…' : provider.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
