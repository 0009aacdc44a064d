import type { ReactNode } from 'react';
import { StoreNotFound } from '#src/components/errors/not-found-screens.tsx';
import { CenteredPage, Card } from '#src/components/layout/centered-page.tsx';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { useStoreLookup } from '#src/features/stores/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { storeDocumentPath } from '#src/lib/store-paths.ts';

export const MEMBERS_LINK_CLASS = 'font-semibold text-brand-600 underline-offset-2 hover:text-brand-700 hover:underline';

interface MembersShellProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Above the title: where the visitor is in a multi-step flow. */
  progress?: ReactNode;
}

/** The store's name on top and a way back to the store (spec §2: links back to the store `/`). */
export function MembersShell({ title, subtitle, children, footer, progress }: MembersShellProps) {
  const { storeKey, resolution } = useAppContext();
  const store = useStoreLookup(storeKey);
  if (store.isPending) return <FullPageSpinner label="Loading store" />;
  if (store.isError || !store.data) return <StoreNotFound />;

  return (
    <CenteredPage
      header={
        <ModeLink document to={storeDocumentPath(resolution, '/')} className="inline-flex min-h-11 items-center gap-2 rounded-md text-sm font-semibold text-slate-700 hover:text-slate-900">
          <span aria-hidden="true">←</span> Back to {store.data.name}
        </ModeLink>
      }
    >
      <Card>
        {progress}
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{store.data.name} members</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        <div className="mt-8">{children}</div>
      </Card>
      {footer ? <p className="mt-6 text-center text-sm text-slate-600">{footer}</p> : null}
    </CenteredPage>
  );
}
