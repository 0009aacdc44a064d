import { LoginFormFields } from '../../../features/auth/index.ts';
import { MEMBERS_PATHS } from '../../../features/members/index.ts';
import { ModeLink } from '../../../lib/mode-navigation.tsx';
import { toast } from '../../../lib/toast.ts';
import { MEMBERS_LINK_CLASS, MembersShell } from '../components/members-shell.tsx';

export function MembersLoginPage() {
  return (
    <MembersShell
      title="Sign in"
      subtitle="Access your purchases and downloads."
      footer={
        <>
          New here?{' '}
          <ModeLink to={MEMBERS_PATHS.signup} className={MEMBERS_LINK_CLASS}>
            Create an account
          </ModeLink>
        </>
      }
    >
      <LoginFormFields onSubmit={() => void toast.info('Member sign-in arrives with customer accounts. Your details look valid.')} />
    </MembersShell>
  );
}
