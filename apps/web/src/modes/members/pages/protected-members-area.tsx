import { StoreNotFound } from '#src/components/errors/not-found-screens.tsx';
import { RequireCustomer } from '#src/features/members/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';

export function ProtectedMembersArea() {
  const { resolution } = useAppContext();
  if (!resolution.storeId) return <StoreNotFound />;
  return <RequireCustomer storeId={resolution.storeId} />;
}
