import { CustomerSignupForm, MEMBERS_PATHS } from '../../../features/members/index.ts';
import { ModeLink } from '../../../lib/mode-navigation.tsx';
import { toast } from '../../../lib/toast.ts';
import { MEMBERS_LINK_CLASS, MembersShell } from '../components/members-shell.tsx';

export function MembersSignupPage() {
  return (
    <MembersShell
      title="Create your account"
      subtitle="One account for everything you buy from this store."
      footer={
        <>
          Already a member?{' '}
          <ModeLink to={MEMBERS_PATHS.login} className={MEMBERS_LINK_CLASS}>
            Sign in
          </ModeLink>
        </>
      }
    >
      <CustomerSignupForm onSubmit={() => void toast.info('Member accounts arrive with customer accounts. Your details look valid.')} />
    </MembersShell>
  );
}
