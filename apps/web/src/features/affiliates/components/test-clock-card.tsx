import { zodResolver } from '@hookform/resolvers/zod';
import type { AffiliateProgram } from '@shopfront/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useAdvanceTestClock } from '../api/affiliates-api.ts';
import { formatDate, plural } from '../lib/format.ts';
import { testClockFormSchema } from '../lib/form-schemas.ts';
import { CARD_BODY, Card } from './card.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

export function offsetText(offsetDays: number, now: Date): string {
  if (offsetDays <= 0) return 'The test clock shows the real date.';
  const days = Math.round(offsetDays * 10) / 10;
  return `The test clock is ${plural(days, 'day', 'days')} ahead: test-mode sales see today as ${formatDate(new Date(now.getTime() + offsetDays * DAY_MS).toISOString())}.`;
}

/** On a server that takes test payments: move time forward for test-mode commissions only, to see them turn payable. */
export function TestClockCard({ storeId, program, now = () => new Date() }: { storeId: string; program: AffiliateProgram; now?: () => Date }) {
  const advance = useAdvanceTestClock(storeId);
  const [result, setResult] = useState('');
  const { register, handleSubmit, formState } = useForm<{ days: string }, unknown, { days: number }>({
    resolver: zodResolver(testClockFormSchema),
    defaultValues: { days: String(program.holdingDays || 14) },
  });

  const submit = handleSubmit(async ({ days }) => {
    setResult('');
    try {
      const moved = await advance.mutateAsync(days);
      setResult(`Moved ${plural(days, 'day', 'days')} forward. ${offsetText(moved.testClock.offsetDays, now())}`);
    } catch {
      // The Alert below shows the server's message.
    }
  });

  return (
    <Card title="Test clock — moves only test-mode sales" description="Skip the holding period for sales paid with the test card, to try payouts. Real sales keep real time.">
      <div className={`space-y-4 ${CARD_BODY}`}>
        <p className="text-sm text-slate-800">{offsetText(program.testClock.offsetDays, now())}</p>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-label="Move the test clock">
          <TextField label="Days to move forward" inputMode="numeric" autoComplete="off" className="sm:w-48" error={formState.errors.days?.message} {...register('days')} />
          <Button type="submit" variant="secondary" className="sm:mt-7" disabled={formState.isSubmitting} aria-busy={formState.isSubmitting}>
            {formState.isSubmitting ? 'Moving…' : 'Advance the test clock'}
          </Button>
        </form>
        {advance.isError ? <Alert>{errorMessage(advance.error)}</Alert> : null}
        <p role="status" className="text-sm font-medium text-emerald-700">
          {result}
        </p>
      </div>
    </Card>
  );
}
