import { ProductRatesCard } from './product-rates-card.tsx';
import { ProgramSettingsCard } from './program-settings-card.tsx';
import { WithActiveStore, WithProgram } from './store-gates.tsx';

/** The Settings tab: the program's terms, then each product's own commission. */
export function AffiliateSettingsPanel() {
  return (
    <WithActiveStore>
      {(store) => (
        <WithProgram storeId={store.id}>
          {(program) => (
            <div key={store.id} className="space-y-6">
              <ProgramSettingsCard storeId={store.id} program={program} />
              <ProductRatesCard storeId={store.id} program={program} />
            </div>
          )}
        </WithProgram>
      )}
    </WithActiveStore>
  );
}
