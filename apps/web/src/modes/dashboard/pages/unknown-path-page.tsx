import { Navigate, useLocation } from 'react-router';
import { StoreNotFound, WebsiteNotFound } from '#src/components/errors/not-found-screens.tsx';
import { useAppContext } from '#src/lib/app-context.tsx';
import { classifyUnknownPath } from '../unknown-path.ts';

export function UnknownPathPage() {
  const { pathname } = useLocation();
  const { host, config } = useAppContext();
  const outcome = classifyUnknownPath({ host, pathname, productHosts: config.productHosts });
  if (outcome.kind === 'store-not-found') return <StoreNotFound />;
  if (outcome.kind === 'website-not-found') return <WebsiteNotFound slug={outcome.slug} />;
  return <Navigate to={outcome.to} replace />;
}
