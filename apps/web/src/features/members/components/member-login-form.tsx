import { LoginFormFields } from '#src/components/forms/login-form-fields.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useCustomerSignIn } from '../api/members-api.ts';

const LINK = 'font-semibold text-brand-600 underline-offset-2 hover:text-brand-700 hover:underline';

/** Email and password (show/hide) → customerSignIn; GuestCustomer then follows the origin. */
export function MemberLoginForm({ storeId, onForgotPassword }: { storeId: string; onForgotPassword: () => void }) {
  const signIn = useCustomerSignIn(storeId);
  return (
    <LoginFormFields
      error={signIn.isError ? errorMessage(signIn.error) : null}
      onSubmit={async (values) => {
        await signIn.mutateAsync(values).catch(() => undefined);
      }}
      extra={
        <div className="flex justify-end text-sm">
          <button type="button" onClick={onForgotPassword} className={LINK}>
            Forgot password?
          </button>
        </div>
      }
    />
  );
}
