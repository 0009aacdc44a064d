import { renderMode, resolutionFor, testQueryClient } from '#src/test/render-mode.tsx';
import { SESSION_QUERY_KEY } from '#src/features/auth/index.ts';
import { TEST_CREATOR } from '#src/features/stores/testing/stores-test-kit.tsx';
import { CustomersScreen } from '../components/customers-screen.tsx';

/** /dashboard/customers for a signed-in creator; `search` opens e.g. `?customer=cus_1`. */
export function renderCustomers(search = '') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, TEST_CREATOR);
  return renderMode({
    routes: [{ path: '/dashboard/customers', element: <CustomersScreen /> }],
    path: `/dashboard/customers${search}`,
    resolution: resolutionFor('dashboard'),
    queryClient,
  });
}
