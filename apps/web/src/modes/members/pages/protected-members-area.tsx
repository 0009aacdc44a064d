import { StoreNotFound } from '../../../components/errors/not-found-screens.tsx';
import { RequireCustomer } from '../../../features/members/index.ts';
import { useAppContext } from '../../../lib/app-context.tsx';

export function ProtectedMembersArea() {
  const { resolution } = useAppContext();
  if (!resolution.storeId) return <StoreNotFound />;
  return <RequireCustomer storeId={resolution.storeId} />;
}
