import { Spinner } from '#src/components/ui/spinner.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { TestClockPanel } from '#src/components/test-clock/test-clock-panel.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useActiveStore } from '#src/lib/active-store.ts';
import { usePaymentSettings, type PaymentSettings } from '../api/payments-api.ts';
import { CurrencyForm } from './currency-form.tsx';
import { StripeAccount } from './stripe-account.tsx';

const PROVIDER_TEXT: Record<PaymentSettings['provider'], { title: string; body: string }> = {
  stripe: { title: 'Stripe', body: 'Checkouts run on your connected Stripe account.' },
  test: { title: 'Test mode', body: 'Test mode — checkouts use the built-in test card page. No real money moves.' },
  free: { title: 'Not set up', body: 'Only free products can be checked out until payments are connected.' },
};

/** Settings › Payments for the active store: currency, the provider in use and Stripe Connect. */
export function PaymentsSection() {
  const { store } = useActiveStore();
  return (
    <section id="payments" aria-labelledby="payments-title" className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="payments-title" className="text-lg font-semibold text-slate-900">
        Payments
      </h2>
      <p className="mt-1 text-sm text-slate-600">How {store ? store.name : 'your store'} gets paid.</p>
      {store ? <PaymentsBody storeId={store.id} /> : <p className="mt-4 text-sm text-slate-600">Create a store to set up payments.</p>}
    </section>
  );
}

function PaymentsBody({ storeId }: { storeId: string }) {
  const settings = usePaymentSettings(storeId);
  if (settings.isPending) return <div className="py-6"><Spinner label="Loading payment settings" /></div>;
  if (settings.isError) {
    return (
      <Alert className="mt-4" title="Payment settings could not load">
        {errorMessage(settings.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const data = settings.data;
  const provider = PROVIDER_TEXT[data.provider];
  return (
    <div className="mt-5 divide-y divide-slate-100">
      <div className="pb-5">
        <h3 className="text-sm font-semibold text-slate-900">Checkout provider</h3>
        <p data-testid="payment-provider" className="mt-1 text-sm text-slate-800">
          <span className="font-semibold">{provider.title}</span> <span className="text-slate-600">{provider.body}</span>
        </p>
      </div>
      <div className="py-5">
        <CurrencyForm key={data.currency} storeId={storeId} current={data.currency} />
      </div>
      <div className="pt-5">
        <h3 className="text-sm font-semibold text-slate-900">Stripe</h3>
        <StripeAccount storeId={storeId} settings={data} />
      </div>
      <TestClockPanel
        storeId={storeId}
        description="Move time forward for what test checkouts started, such as affiliate commissions waiting out their hold, instead of waiting days. Real payments never follow this clock."
      />
    </div>
  );
}
