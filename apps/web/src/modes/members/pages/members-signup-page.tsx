import { useState } from 'react';
import { useLocation } from 'react-router';
import { StoreNotFound } from '#src/components/errors/not-found-screens.tsx';
import { CustomerSignupFlow, GuestCustomer, MEMBERS_PATHS, SIGNUP_STEPS } from '#src/features/members/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { MEMBERS_LINK_CLASS, MembersShell } from '../components/members-shell.tsx';
import { reportReferredSignup } from '../referred-signup.ts';

const COPY = [
  { title: 'Create your account', subtitle: 'One account for everything you buy from this store.' },
  { title: 'Check your email', subtitle: 'Enter the code we sent to finish creating your account.' },
] as const;

/**
 * Spec §2 members signup: details, then the emailed code; then the members home (or the page the
 * visitor came from). A signup in a referred session is reported to the store's affiliate program.
 */
export function MembersSignupPage() {
  const { resolution } = useAppContext();
  const [step, setStep] = useState(0);
  const { search } = useLocation();
  if (!resolution.storeId) return <StoreNotFound />;
  const storeId = resolution.storeId;
  const copy = COPY[step] ?? COPY[0];

  return (
    <GuestCustomer storeId={storeId}>
      <MembersShell
        title={copy.title}
        subtitle={copy.subtitle}
        progress={
          <p className="mb-4 text-xs font-medium text-slate-600" aria-live="polite">
            Step {step + 1} of {SIGNUP_STEPS.length}: {SIGNUP_STEPS[step]}
          </p>
        }
        footer={
          <>
            Already a member?{' '}
            <ModeLink to={`${MEMBERS_PATHS.login}${search}`} className={MEMBERS_LINK_CLASS}>
              Sign in
            </ModeLink>
          </>
        }
      >
        <CustomerSignupFlow storeId={storeId} onStepChange={setStep} onSignedUp={(customer) => void reportReferredSignup(storeId, customer)} />
      </MembersShell>
    </GuestCustomer>
  );
}
