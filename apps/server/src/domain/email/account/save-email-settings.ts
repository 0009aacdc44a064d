import type { z } from 'zod';
import type { StoreEmailSettingsFieldsSchema } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { storeEmailSettings } from '#src/db/schema/index.ts';

type Fields = z.output<typeof StoreEmailSettingsFieldsSchema>;

/** Saves the fields the creator changed (sender name, reply-to, postal address, tracking); others stay. */
export async function saveEmailSettings(db: Executor, options: { storeId: string; fields: Fields; now: Date }): Promise<void> {
  const { fields } = options;
  const values = {
    ...(fields.senderName !== undefined && { senderName: fields.senderName }),
    ...(fields.replyTo !== undefined && { replyTo: fields.replyTo === null ? null : fields.replyTo.trim().toLowerCase() }),
    ...(fields.postalAddress !== undefined && { postalAddress: fields.postalAddress }),
    ...(fields.trackingEnabled !== undefined && { trackingEnabled: fields.trackingEnabled }),
  };
  await db
    .insert(storeEmailSettings)
    .values({ storeId: options.storeId, ...values })
    .onConflictDoUpdate({ target: storeEmailSettings.storeId, set: { ...values, updatedAt: options.now } });
}
