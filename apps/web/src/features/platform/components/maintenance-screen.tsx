import { MESSAGES } from '@shopfront/core';
import { StatusScreen } from '#src/components/errors/status-screen.tsx';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';

interface MaintenanceScreenProps {
  message: string;
  /** False when signups are closed by an admin without maintenance (spec §3 allowSignups). */
  maintenance?: boolean;
  onCheckAgain: () => void;
  checking: boolean;
}

/** Spec §2: replaces /signup while signups are blocked. */
export function MaintenanceScreen({ message, maintenance = true, onCheckAgain, checking }: MaintenanceScreenProps) {
  return (
    <StatusScreen
      title={maintenance ? "We'll be right back" : 'Signups are closed'}
      tone="warning"
      icon={
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-7">
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L4 17l3 3 5.3-5.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" strokeLinejoin="round" />
        </svg>
      }
      actions={
        <>
          <Button onClick={onCheckAgain} disabled={checking} aria-busy={checking}>
            {checking ? 'Checking…' : MESSAGES.screens.checkAgain}
          </Button>
          <ModeLink to="/login" className={buttonClasses('secondary')}>
            Already have an account? Sign in
          </ModeLink>
        </>
      }
    >
      {maintenance ? <p className="font-medium text-slate-800">{MESSAGES.screens.signupsClosed}</p> : null}
      <p>{message}</p>
    </StatusScreen>
  );
}
