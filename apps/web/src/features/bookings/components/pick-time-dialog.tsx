import type { MyBooking, MyCallPackage } from '@shopfront/core';
import { useMemo, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { browserTimeZone } from '#src/lib/browser-time-zone.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import type { CallQuestion } from '../api/open-slots-request.ts';
import { memberSlotsLoader, useBookPackageSession, useRescheduleMyBooking } from '../api/my-bookings-api.ts';
import { dateTimeLabel } from '../lib/zoned-time.ts';
import { IntakeAnswers, validateAnswers } from './intake-answers.tsx';
import { SlotPicker } from './slot-picker.tsx';

type Open = { kind: 'reschedule'; booking: MyBooking } | { kind: 'book'; pack: MyCallPackage };

/** A new time for a call (reschedule), or the next call of a package (with the call's questions). */
export function PickTimeDialog({ storeId, open, onClose }: { storeId: string; open: Open | null; onClose: () => void }) {
  const title = open?.kind === 'book' ? `Book a call: ${open.pack.productTitle}` : 'Choose a new time';
  return (
    <Dialog open={open !== null} onClose={onClose} title={title}>
      {open ? <PickTime key={open.kind === 'book' ? open.pack.orderId : open.booking.id} storeId={storeId} open={open} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PickTime({ storeId, open, onClose }: { storeId: string; open: Open; onClose: () => void }) {
  const move = useRescheduleMyBooking(storeId);
  const book = useBookPackageSession(storeId);
  const action = open.kind === 'book' ? book : move;
  const productId = open.kind === 'book' ? open.pack.productId : open.booking.productId;
  const [zone, setZone] = useState(() => (open.kind === 'reschedule' ? open.booking.timeZone : (browserTimeZone() ?? 'UTC')));
  const [start, setStart] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [questions, setQuestions] = useState<CallQuestion[]>([]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const loadSlots = useMemo(() => memberSlotsLoader(storeId, productId, open.kind === 'book' ? (facts) => setQuestions(facts.intakeQuestions) : undefined), [storeId, productId, open.kind]);
  const refused = () => {
    setStart(null);
    setRefreshKey((key) => key + 1);
  };
  const submit = () => {
    if (!start) return;
    if (open.kind === 'reschedule') {
      move.mutate(
        { bookingId: open.booking.id, startsAt: start },
        {
          onSuccess: (moved) => {
            toast.success(`Moved to ${dateTimeLabel(moved.startsAt, moved.timeZone)}. A new invite is on its way.`);
            onClose();
          },
          onError: refused,
        },
      );
      return;
    }
    const checked = validateAnswers(questions, answers);
    setAnswerErrors(checked.errors);
    if (checked.firstInvalid) return;
    book.mutate(
      { orderId: open.pack.orderId, start, timeZone: zone, answers: checked.answers },
      {
        onSuccess: (made) => {
          toast.success(`Booked for ${dateTimeLabel(made.startsAt, made.timeZone)}. The invite is on its way.`);
          onClose();
        },
        onError: refused,
      },
    );
  };

  return (
    <div className="space-y-4">
      <SlotPicker timeZone={zone} onTimeZoneChange={setZone} value={start} onChange={setStart} loadSlots={loadSlots} refreshKey={refreshKey} disabled={action.isPending} />
      {open.kind === 'book' && questions.length > 0 ? <IntakeAnswers idPrefix="pick-q-" questions={questions} answers={answers} errors={answerErrors} onChange={(id, value) => setAnswers({ ...answers, [id]: value })} /> : null}
      {action.isError ? <Alert>{errorMessage(action.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={action.isPending}>
          {open.kind === 'book' ? 'Not now' : 'Keep my time'}
        </Button>
        <Button onClick={submit} disabled={!start || action.isPending} aria-busy={action.isPending}>
          {action.isPending ? 'Saving…' : start ? `${open.kind === 'book' ? 'Book' : 'Move to'} ${dateTimeLabel(start, zone)}` : 'Choose a time'}
        </Button>
      </div>
    </div>
  );
}
