import { planAppMode } from '@shopfront/core';
import { useEffect, type AnchorHTMLAttributes } from 'react';
import { Link, Navigate } from 'react-router';
import { useAppContext, type AppContextValue } from './app-context.tsx';

/**
 * Each mode has its own router, so a link into another mode (landing → /login, members → the
 * store's `/`) must be a full page load for main.tsx to resolve the mode again. The core planner
 * tells which mode a path belongs to.
 */
export function toDocumentPath(basePath: string, routerPath: string): string {
  const base = basePath === '/' ? '' : basePath.replace(/\/$/, '');
  if (!base) return routerPath;
  return routerPath === '/' ? base : `${base}${routerPath}`;
}

export function staysInMode(ctx: AppContextValue, routerPath: string): boolean {
  const documentPath = toDocumentPath(ctx.resolution.basePath, routerPath);
  const pathname = documentPath.split(/[?#]/)[0] || '/';
  const plan = planAppMode({ host: ctx.host, path: pathname, productHosts: ctx.config.productHosts });
  return plan.mode === ctx.resolution.mode;
}

interface ModeLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path inside the current router (its basename is added for full loads). */
  to: string;
  /** `to` is a whole document path outside the router (e.g. the store's `/` from members): a full load. */
  document?: boolean;
}

export function ModeLink({ to, document = false, ...props }: ModeLinkProps) {
  const ctx = useAppContext();
  if (document) return <a href={to} {...props} />;
  if (staysInMode(ctx, to)) return <Link to={to} {...props} />;
  return <a href={toDocumentPath(ctx.resolution.basePath, to)} {...props} />;
}

/** `<Navigate replace>` inside the mode, a full `location.replace` across modes. */
export function ModeRedirect({ to }: { to: string }) {
  const ctx = useAppContext();
  const inMode = staysInMode(ctx, to);
  const documentPath = toDocumentPath(ctx.resolution.basePath, to);
  useEffect(() => {
    if (!inMode) window.location.replace(documentPath);
  }, [inMode, documentPath]);
  return inMode ? <Navigate to={to} replace /> : null;
}
