// Exports getOwnedCall, getCallSettingsView and saveCallSettings: a call product's settings from the creator's side.
import { AppError, CALL_SETTINGS_MESSAGES as M, type CallSettings, type CallSettingsFields, type RefundTiers } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { callSettings, products, type CallSettingsRow, type IntakeQuestion, type ProductRow } from '#src/db/schema/index.ts';
import { refundTiersOf } from '../refund-policy.ts';
import { createDefaultCallSettings } from './call-product.ts';

const notACall = () => new AppError('not-found', M.notACall);

/**
 * The store's `call` product with its settings (made with defaults if an older call lacks them).
 * Another store's product, or one that is not a call, answers like a missing one.
 */
export async function getOwnedCall(db: Executor, options: { storeId: string; productId: string; now: Date; lock?: boolean }): Promise<{ product: ProductRow; settings: CallSettingsRow }> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, options.productId), eq(products.storeId, options.storeId)));
  const [product] = options.lock ? await query.for('update') : await query;
  if (!product || product.type !== 'call' || product.status === 'archived') throw notACall();
  let [settings] = await db.select().from(callSettings).where(eq(callSettings.productId, product.id));
  if (!settings) {
    await createDefaultCallSettings(db, { productId: product.id, storeId: product.storeId, now: options.now });
    [settings] = await db.select().from(callSettings).where(eq(callSettings.productId, product.id));
  }
  if (!settings) throw notACall();
  return { product, settings };
}

export function callSettingsView(product: ProductRow, settings: CallSettingsRow): CallSettings {
  return {
    productId: product.id,
    durationMinutes: settings.durationMinutes,
    bufferBeforeMinutes: settings.bufferBeforeMinutes,
    bufferAfterMinutes: settings.bufferAfterMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    bookingWindowDays: settings.bookingWindowDays,
    dailyMax: settings.dailyMax,
    location: { kind: settings.locationKind, value: settings.locationValue },
    intakeQuestions: settings.intakeQuestions,
    packageSize: settings.packageSize,
    packageValidityDays: settings.packageValidityDays,
    changeNoticeHours: settings.changeNoticeHours,
    refundOnCancel: settings.refundOnCancel,
    refundTiers: refundTiersOf(settings),
    priceCents: product.priceCents,
    currency: product.currency,
  };
}

export async function getCallSettingsView(db: Executor, options: { storeId: string; productId: string; now: Date }): Promise<CallSettings> {
  const { product, settings } = await getOwnedCall(db, options);
  return callSettingsView(product, settings);
}

/**
 * Replaces the settings whole, after the cross-field rules: a location value exactly when the kind
 * needs one (an https link for a video call), a validity exactly for a package of several calls,
 * question ids kept or made and never repeated, refund tiers exactly for a tiered refund (no refund
 * starting closer to the call than the full refund ends). Bookings already made keep their times and buffers.
 */
export async function saveCallSettings(db: Database, options: { storeId: string; productId: string; settings: CallSettingsFields; now: Date }): Promise<CallSettings> {
  const fields = options.settings;
  const locationValue = checkLocation(fields.location);
  if (fields.packageSize === 1 && fields.packageValidityDays !== null) throw new AppError('invalid-argument', M.packageValidityForOne);
  if (fields.packageSize > 1 && fields.packageValidityDays === null) throw new AppError('invalid-argument', M.packageValidity);
  const intakeQuestions = checkQuestions(fields.intakeQuestions);
  const tiers = checkRefundTiers(fields);
  return db.transaction(async (tx) => {
    const { product } = await getOwnedCall(tx, { ...options, lock: true });
    const values = {
      durationMinutes: fields.durationMinutes,
      bufferBeforeMinutes: fields.bufferBeforeMinutes,
      bufferAfterMinutes: fields.bufferAfterMinutes,
      minNoticeMinutes: fields.minNoticeMinutes,
      bookingWindowDays: fields.bookingWindowDays,
      dailyMax: fields.dailyMax,
      locationKind: fields.location.kind,
      locationValue,
      intakeQuestions,
      packageSize: fields.packageSize,
      packageValidityDays: fields.packageValidityDays,
      changeNoticeHours: fields.changeNoticeHours,
      refundOnCancel: fields.refundOnCancel,
      refundFullHours: tiers?.fullHours ?? null,
      refundPartialPercent: tiers?.partialPercent ?? null,
      refundNoneHours: tiers?.noneHours ?? null,
      updatedAt: options.now,
    };
    const [settings] = await tx.update(callSettings).set(values).where(eq(callSettings.productId, product.id)).returning();
    if (!settings) throw notACall();
    return callSettingsView(product, settings);
  });
}

function checkRefundTiers(fields: CallSettingsFields): RefundTiers | null {
  const tiers = fields.refundTiers ?? null;
  if (fields.refundOnCancel !== 'tiered') {
    if (tiers !== null) throw new AppError('invalid-argument', M.refundTiersNotUsed);
    return null;
  }
  if (tiers === null) throw new AppError('invalid-argument', M.refundTiersNeeded);
  if (tiers.noneHours >= tiers.fullHours) throw new AppError('invalid-argument', M.refundTiersOrder);
  return tiers;
}

function checkLocation(location: CallSettingsFields['location']): string | null {
  const value = location.value?.trim() ?? '';
  if (location.kind === 'per-booking-link') {
    if (value !== '') throw new AppError('invalid-argument', M.locationNotUsed);
    return null;
  }
  if (value === '') throw new AppError('invalid-argument', M.locationRequired);
  if (location.kind === 'video-url' && !isHttpsUrl(value)) throw new AppError('invalid-argument', M.videoUrl);
  return value;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

function checkQuestions(questions: CallSettingsFields['intakeQuestions']): IntakeQuestion[] {
  const seen = new Set<string>();
  return questions.map((question) => {
    const id = question.id ?? newId('q');
    if (seen.has(id)) throw new AppError('invalid-argument', M.questionRepeated);
    seen.add(id);
    return { id, label: question.label, kind: question.kind, required: question.required };
  });
}
