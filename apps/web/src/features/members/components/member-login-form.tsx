import { LoginFormFields } from '#src/components/forms/login-form-fields.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useCustomerSignIn } from '../api/members-api.ts';

const LINK = 'inline-flex min-h-11 items-center rounded-md font-semibold text-brand-600 underline underline-offset-2';

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
