import type { ReactNode } from 'react';
import { StoreNotFound } from '#src/components/errors/not-found-screens.tsx';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { useStoreProfile } from '#src/features/members/index.ts';
import { useStoreLookup } from '#src/features/stores/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { storeDocumentPath } from '#src/lib/store-paths.ts';
import { StoreBadge } from './store-badge.tsx';

/** Links inside the members card: the theme's title colour (members-theme.css), 44 px tall. */
export const MEMBERS_LINK_CLASS = 'sf-members-link inline-flex min-h-11 items-center rounded-md px-1';

interface MembersShellProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Above the title: where the visitor is in a multi-step flow. */
  progress?: ReactNode;
}

/**
 * A card in the store's theme (MembersTheme) with the store's picture and name on top and a way
 * back to the store (spec §2: links back to the store `/`).
 */
export function MembersShell({ title, subtitle, children, footer, progress }: MembersShellProps) {
  const { storeKey, resolution } = useAppContext();
  const store = useStoreLookup(storeKey);
  const profile = useStoreProfile(storeKey);
  if (store.isPending) return <FullPageSpinner label="Loading store" />;
  if (store.isError || !store.data) return <StoreNotFound />;
  const name = profile.data?.name ?? store.data.name;

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="px-4 pt-6 sm:px-6">
        <ModeLink
          document
          to={storeDocumentPath(resolution, '/')}
          className="sf-members-back inline-flex min-h-11 items-center gap-2 rounded-md text-sm font-semibold"
        >
          <span aria-hidden="true">←</span> Back to {store.data.name}
        </ModeLink>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-10 sm:px-6">
        <div className="sf-members-panel sf-members-card w-full max-w-md p-6 sm:p-8">
          {progress}
          <div className="flex items-center gap-3">
            <StoreBadge name={name} avatarUrl={profile.data?.avatarUrl ?? null} />
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{store.data.name} members</p>
          </div>
          <h1 className="sf-members-title mt-4 text-2xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          <div className="mt-8">{children}</div>
          {footer ? <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-600">{footer}</p> : null}
        </div>
      </main>
    </div>
  );
}
