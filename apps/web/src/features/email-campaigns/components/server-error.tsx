import { EMAIL_MESSAGES } from '@shopfront/core';
import { Link } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { CAMPAIGN_PATHS } from '../lib/campaign-paths.ts';

/** Messages the creator fixes in Settings › Email; the alert links there. */
const FIXED_IN_SETTINGS = new Set<string>([EMAIL_MESSAGES.postalAddressRequired, EMAIL_MESSAGES.emailNotConfigured, EMAIL_MESSAGES.sendingPaused]);

/** The server's refusal as it said it, with the way to fix it when that is in Settings. */
export function ServerError({ title, message, className }: { title: string; message: string; className?: string }) {
  return (
    <Alert title={title} {...(className ? { className } : {})}>
      {message}
      {FIXED_IN_SETTINGS.has(message) ? (
        <>
          {' '}
          <Link to={CAMPAIGN_PATHS.emailSettings} className="font-semibold underline">
            Open Settings › Email
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
