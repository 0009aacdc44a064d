import { useNavigate } from 'react-router';
import type { StorefrontNavigate } from '#src/features/storefront/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';

/** Store links (which carry the base path) as router navigations inside the mode's basename. */
export function useStoreNavigate(): StorefrontNavigate {
  const navigate = useNavigate();
  const { basePath } = useAppContext().resolution;
  return (href: string) => {
    const inside = basePath && href.toLowerCase().startsWith(basePath.toLowerCase()) ? href.slice(basePath.length) : href;
    void navigate(inside || '/');
  };
}
