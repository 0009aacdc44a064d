import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppContext } from '#src/lib/app-context.tsx';
import { staysInMode, toDocumentPath } from '#src/lib/mode-navigation.tsx';

/** `navigate(to)` inside the mode; a full page load when `to` belongs to another mode (landing → /dashboard). */
export function useModeNavigate(): (to: string, options?: { replace?: boolean }) => void {
  const ctx = useAppContext();
  const navigate = useNavigate();
  return useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      if (staysInMode(ctx, to)) {
        void navigate(to, { replace: options.replace });
        return;
      }
      const documentPath = toDocumentPath(ctx.resolution.basePath, to);
      if (options.replace) window.location.replace(documentPath);
      else window.location.assign(documentPath);
    },
    [ctx, navigate],
  );
}
