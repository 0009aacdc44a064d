import type { ReactNode } from 'react';
import { CenteredPage, Card } from '#src/components/layout/centered-page.tsx';
import { Logo } from '#src/components/ui/logo.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';

export const AUTH_LINK_CLASS = 'font-semibold text-brand-600 underline-offset-2 hover:text-brand-700 hover:underline';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Above the title: where the visitor is in a multi-step flow. */
  progress?: ReactNode;
}

/** The frame of every creator auth page: logo home link, a card, a footer line. */
export function AuthShell({ title, subtitle, children, footer, progress }: AuthShellProps) {
  return (
    <CenteredPage
      header={
        <ModeLink to="/" aria-label="Shopfront home" className="inline-block rounded-lg">
          <Logo />
        </ModeLink>
      }
    >
      <Card>
        {progress}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6 sm:mt-8">{children}</div>
      </Card>
      {footer ? <p className="mt-6 text-center text-sm text-slate-600">{footer}</p> : null}
    </CenteredPage>
  );
}
