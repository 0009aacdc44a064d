import { CommissionsCard } from './commissions-card.tsx';
import { PayoutsCard } from './payouts-card.tsx';
import { WithActiveStore, WithProgram } from './store-gates.tsx';
import { TestClockCard } from './test-clock-card.tsx';

/** The Commissions tab: the ledger, the payouts, the payable CSV, and the test clock where it exists. */
export function CommissionsPanel() {
  return (
    <WithActiveStore>
      {(store) => (
        <div key={store.id} className="space-y-6">
          <WithProgram storeId={store.id}>{(program) => (program.testClock.available ? <TestClockCard storeId={store.id} program={program} /> : null)}</WithProgram>
          <CommissionsCard storeId={store.id} />
          <PayoutsCard storeId={store.id} />
        </div>
      )}
    </WithActiveStore>
  );
}
