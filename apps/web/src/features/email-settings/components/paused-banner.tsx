import { EMAIL_MESSAGES, type StoreEmailSettings } from '@shopfront/core';
import { Alert } from '#src/components/ui/alert.tsx';
import { COMPLAINT_RULE, formatRate } from '../complaint-rate.ts';

/** Shown while the store's sending is paused: why, the rule, and where the store stands. */
export function PausedBanner({ settings }: { settings: StoreEmailSettings }) {
  if (!settings.pausedAt) return null;
  return (
    <Alert title={EMAIL_MESSAGES.sendingPaused} className="mt-4">
      <p>{settings.pausedReason ?? 'Sending was paused.'}</p>
      <p className="mt-1">
        {COMPLAINT_RULE} Your rate: <strong>{formatRate(settings.recentComplaintRate)}</strong>. Campaigns do not send while sending is paused.
      </p>
      <p className="mt-1">Remove addresses that did not ask to hear from you, then contact the operator of this platform: they can let your store send again.</p>
    </Alert>
  );
}
