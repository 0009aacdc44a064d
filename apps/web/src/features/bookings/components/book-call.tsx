import { useCallback, useId, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import { openSlotsRequest, type OpenSlots } from '../api/open-slots-request.ts';
import { IntakeAnswers, validateAnswers } from './intake-answers.tsx';
import { SlotPicker } from './slot-picker.tsx';
import type { LoadSlots } from './use-week-slots.ts';

/** What createCheckout takes for a call (core `CheckoutBookingSchema`). */
export interface BookingChoice {
  start: string;
  timeZone: string;
  answers: Record<string, string>;
}

/** What the checkout form gets from the booking form: the choice, read at submit, and word of a refusal. */
export interface BookingHooks {
  booking: () => BookingChoice | null;
  onRefused: (message: string) => void;
}

export interface BookCallProps<P extends object> {
  storeId: string;
  productId: string;
  /** The store's checkout form, plugged in by the storefront mode (features do not import each other), with its props. */
  checkout: ComponentType<P & BookingHooks>;
  checkoutProps: P;
  request?: typeof openSlotsRequest;
  now?: () => Date;
}

const LOCATION_WORDS: Record<OpenSlots['locationKind'], string> = {
  'video-url': 'Video call',
  'per-booking-link': 'Video call (link sent before the call)',
  phone: 'Phone call',
  'in-person': 'In person',
};

const subscribe = () => () => {};

/** The buyer's zone as the browser knows it. */
function detectedZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * A call's product page: a time from the open slots in the buyer's zone (detected, changeable),
 * the call's questions, then the checkout form with `booking`. The time is only held by the
 * checkout; a refusal (someone was quicker) asks for the week again. Dependency-free: it ships in
 * the storefront script. Rendered after hydration: the server does not know the buyer's zone.
 */
export function BookCall<P extends object>(props: BookCallProps<P>) {
  const hydrated = useSyncExternalStore(subscribe, () => true, () => false);
  if (!hydrated) {
    return (
      <section className="sf-checkout">
        <h2 className="sf-checkout-title">Choose a time</h2>
        <p className="sf-field-hint">Loading times…</p>
        <noscript>
          <p className="sf-field-hint">Booking needs JavaScript. Please turn it on to book.</p>
        </noscript>
      </section>
    );
  }
  return <BookCallForm {...props} />;
}

function BookCallForm<P extends object>({ storeId, productId, checkout: Checkout, checkoutProps, request = openSlotsRequest, now }: BookCallProps<P>) {
  const id = useId();
  const [timeZone, setTimeZone] = useState(detectedZone);
  const [start, setStart] = useState<string | null>(null);
  const [info, setInfo] = useState<Omit<OpenSlots, 'starts'> | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [pickError, setPickError] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const verifying = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const loadSlots = useCallback<LoadSlots>(
    async (query, signal) => {
      const { starts, ...facts } = await request({ storeId, productId, ...query }, signal);
      setInfo(facts);
      // After a refusal: the chosen time stays chosen only if it is still offered.
      if (verifying.current && !starts.includes(verifying.current)) setStart(null);
      verifying.current = null;
      return starts;
    },
    [request, storeId, productId],
  );

  const booking = (): BookingChoice | null => {
    if (!start) {
      setPickError('Choose a time for the call first.');
      heading.current?.focus();
      return null;
    }
    const checked = validateAnswers(info?.intakeQuestions ?? [], answers);
    setAnswerErrors(checked.errors);
    if (checked.firstInvalid) {
      document.getElementById(`${id}-q-${checked.firstInvalid}`)?.focus();
      return null;
    }
    return { start, timeZone, answers: checked.answers };
  };
  const onRefused = () => {
    verifying.current = start;
    setRefreshKey((key) => key + 1);
  };
  const facts = info ? [`${info.durationMinutes} minutes`, LOCATION_WORDS[info.locationKind]].join(' · ') : null;

  return (
    <>
      <section className="sf-checkout sf-book" aria-labelledby={`${id}-title`}>
        <h2 className="sf-checkout-title sf-book-title" id={`${id}-title`} ref={heading} tabIndex={-1}>
          Choose a time
        </h2>
        {facts ? <p className="sf-field-hint">{facts}</p> : null}
        {info && info.packageSize > 1 ? <p className="sf-field-hint">{`Includes ${info.packageSize} calls: book the first now and the others from your members area.`}</p> : null}
        <SlotPicker
          timeZone={timeZone}
          onTimeZoneChange={(zone) => setTimeZone(zone)}
          value={start}
          onChange={(next) => {
            setStart(next);
            setPickError(null);
          }}
          loadSlots={loadSlots}
          refreshKey={refreshKey}
          {...(now ? { now } : {})}
        />
        {pickError && !start ? (
          <p className="sf-field-error" role="alert">
            {pickError}
          </p>
        ) : null}
        {info && info.intakeQuestions.length > 0 ? (
          <IntakeAnswers idPrefix={`${id}-q-`} questions={info.intakeQuestions} answers={answers} errors={answerErrors} onChange={(questionId, value) => setAnswers({ ...answers, [questionId]: value })} />
        ) : null}
      </section>
      <Checkout {...checkoutProps} booking={booking} onRefused={onRefused} />
    </>
  );
}
