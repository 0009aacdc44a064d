import { CALL_SETTINGS_MESSAGES as M, CallSettingsFieldsSchema, type CallLocation, type CallSettings, type CallSettingsFields } from '@shopfront/core';
import type { FieldErrors, Resolver } from 'react-hook-form';

export type LocationKind = CallLocation['kind'];

export interface QuestionFormValue {
  /** Kept for a saved question, so its answers stay attached to it. */
  id?: string;
  label: string;
  kind: 'short-text' | 'long-text';
  required: boolean;
}

/** What the call settings inputs hold: numbers as typed, notice in hours. */
export interface CallSettingsFormValues {
  duration: string;
  bufferBefore: string;
  bufferAfter: string;
  minNoticeHours: string;
  windowDays: string;
  dailyMax: string;
  locationKind: LocationKind;
  locationValue: string;
  questions: QuestionFormValue[];
  packageSize: string;
  packageValidityDays: string;
  changeNoticeHours: string;
  refundOnCancel: CallSettings['refundOnCancel'];
  /** A tiered refund's hours and percentage (kept while another policy is chosen, sent only with `tiered`). */
  refundFullHours: string;
  refundPartialPercent: string;
  refundNoneHours: string;
}

export const LOCATION_LABELS: Readonly<Record<LocationKind, { label: string; valueLabel: string | null; placeholder: string }>> = {
  'video-url': { label: 'Video call, one link for all', valueLabel: 'Meeting link', placeholder: 'https://meet.example.com/your-room' },
  'per-booking-link': { label: 'Video call, a link per booking', valueLabel: null, placeholder: '' },
  phone: { label: 'Phone call', valueLabel: 'Phone number', placeholder: '+1 555 0100' },
  'in-person': { label: 'In person', valueLabel: 'Address', placeholder: '1 Main Street, Springfield' },
};

const text = (value: number | null) => (value === null ? '' : String(value));

export function callSettingsToForm(settings: CallSettings): CallSettingsFormValues {
  return {
    duration: String(settings.durationMinutes),
    bufferBefore: String(settings.bufferBeforeMinutes),
    bufferAfter: String(settings.bufferAfterMinutes),
    minNoticeHours: String(Math.round((settings.minNoticeMinutes / 60) * 100) / 100),
    windowDays: String(settings.bookingWindowDays),
    dailyMax: text(settings.dailyMax),
    locationKind: settings.location.kind,
    locationValue: settings.location.value ?? '',
    questions: settings.intakeQuestions.map(({ id, label, kind, required }) => ({ id, label, kind, required })),
    packageSize: String(settings.packageSize),
    packageValidityDays: text(settings.packageValidityDays),
    changeNoticeHours: String(settings.changeNoticeHours),
    refundOnCancel: settings.refundOnCancel,
    refundFullHours: String(settings.refundTiers?.fullHours ?? 48),
    refundPartialPercent: String(settings.refundTiers?.partialPercent ?? 50),
    refundNoneHours: String(settings.refundTiers?.noneHours ?? 24),
  };
}

/** A typed whole number: empty is `empty`, anything that is not digits is NaN (the schema refuses it). */
const whole = (value: string, empty: number | null) => (value.trim() === '' ? empty : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/** The settings as updateCallSettings takes them. */
export function formToCallSettings(values: CallSettingsFormValues): CallSettingsFields {
  const hours = values.minNoticeHours.trim() === '' ? 0 : /^\d+(\.\d+)?$/.test(values.minNoticeHours.trim()) ? Number(values.minNoticeHours.trim()) : Number.NaN;
  const packageSize = whole(values.packageSize, 1) ?? 1;
  return {
    durationMinutes: whole(values.duration, Number.NaN) ?? Number.NaN,
    bufferBeforeMinutes: whole(values.bufferBefore, 0) ?? 0,
    bufferAfterMinutes: whole(values.bufferAfter, 0) ?? 0,
    minNoticeMinutes: Math.round(hours * 60),
    bookingWindowDays: whole(values.windowDays, Number.NaN) ?? Number.NaN,
    dailyMax: whole(values.dailyMax, null),
    location: { kind: values.locationKind, value: values.locationKind === 'per-booking-link' ? null : values.locationValue.trim() || null },
    intakeQuestions: values.questions.map((question) => ({ ...(question.id ? { id: question.id } : {}), label: question.label.trim(), kind: question.kind, required: question.required })),
    packageSize,
    packageValidityDays: packageSize > 1 ? whole(values.packageValidityDays, null) : null,
    changeNoticeHours: whole(values.changeNoticeHours, 0) ?? 0,
    refundOnCancel: values.refundOnCancel,
    refundTiers:
      values.refundOnCancel === 'tiered'
        ? {
            fullHours: whole(values.refundFullHours, Number.NaN) ?? Number.NaN,
            partialPercent: whole(values.refundPartialPercent, Number.NaN) ?? Number.NaN,
            noneHours: whole(values.refundNoneHours, 0) ?? 0,
          }
        : null,
  };
}

const TIER_FIELD: Record<string, keyof CallSettingsFormValues> = { fullHours: 'refundFullHours', partialPercent: 'refundPartialPercent', noneHours: 'refundNoneHours' };

const FIELD_OF: Record<string, keyof CallSettingsFormValues> = {
  durationMinutes: 'duration',
  bufferBeforeMinutes: 'bufferBefore',
  bufferAfterMinutes: 'bufferAfter',
  minNoticeMinutes: 'minNoticeHours',
  bookingWindowDays: 'windowDays',
  dailyMax: 'dailyMax',
  location: 'locationValue',
  intakeQuestions: 'questions',
  packageSize: 'packageSize',
  packageValidityDays: 'packageValidityDays',
  changeNoticeHours: 'changeNoticeHours',
};

/**
 * The contract's own schema over the typed values (what the server checks first), plus the rules
 * it checks after: where the call happens, an https video link, a validity only for a package,
 * no refund starting closer to the call than the full refund ends.
 */
export const callSettingsResolver: Resolver<CallSettingsFormValues> = (values) => {
  const errors: FieldErrors<CallSettingsFormValues> = {};
  const add = (field: keyof CallSettingsFormValues, message: string) => {
    (errors as Record<string, unknown>)[field] ??= { type: 'validate', message };
  };
  const fields = formToCallSettings(values);
  const parsed = CallSettingsFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [top, index, key] = issue.path.map(String);
      if (top === 'refundTiers' && index !== undefined) add(TIER_FIELD[index] ?? 'refundFullHours', issue.message);
      else if (top === 'intakeQuestions' && index !== undefined && key === 'label') {
        const list = ((errors as Record<string, unknown>).questions ??= []) as Record<string, unknown>[];
        list[Number(index)] = { label: { type: 'validate', message: issue.message } };
      } else add(FIELD_OF[top ?? ''] ?? 'duration', issue.message);
    }
  }
  const { kind, value } = fields.location;
  if (kind !== 'per-booking-link' && !value) add('locationValue', M.locationRequired);
  if (kind === 'video-url' && value && !/^https:\/\/\S+$/i.test(value)) add('locationValue', M.videoUrl);
  if (fields.packageSize > 1 && fields.packageValidityDays === null) add('packageValidityDays', M.packageValidity);
  const tiers = fields.refundTiers;
  if (tiers && tiers.noneHours >= tiers.fullHours) add('refundNoneHours', M.refundTiersOrder);
  return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
};
