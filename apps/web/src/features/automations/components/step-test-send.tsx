import { createContext, use } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSendStepTest } from '../api/automations-api.ts';

/** The saved automation the editor shows; `saved` is false while the form has unsaved edits (a test sends the saved version). */
export interface StepTestSendTarget {
  storeId: string;
  automationId: string;
  saved: boolean;
}

export const StepTestSendContext = createContext<StepTestSendTarget | null>(null);

/** "Send a test to me" on an email step card: the saved step, to the creator's own address. */
export function StepTestSend({ stepId }: { stepId: string }) {
  const target = use(StepTestSendContext);
  const send = useSendStepTest(target?.storeId ?? '');
  if (!target) return null;
  const run = () => send.mutate({ automationId: target.automationId, stepId }, { onSuccess: ({ sentTo }) => toast.success(`Test email sent to ${sentTo}.`) });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="min-h-10" onClick={run} disabled={!target.saved || send.isPending} aria-busy={send.isPending}>
          {send.isPending ? 'Sending test…' : 'Send a test to me'}
        </Button>
        <p className="text-sm text-slate-600">{target.saved ? 'Sends this email as saved to your own address.' : 'Save your changes to send a test of them.'}</p>
      </div>
      {send.isError ? <Alert>{errorMessage(send.error)}</Alert> : null}
    </div>
  );
}
