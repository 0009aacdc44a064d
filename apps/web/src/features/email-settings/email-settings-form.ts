import { StoreEmailSettingsFieldsSchema, type StoreEmailSettings } from '@shopfront/core';
import { z } from 'zod';

const fields = StoreEmailSettingsFieldsSchema.shape;

/** The form's fields with the contract's rules; an empty reply-to means "none". */
export const EmailSettingsFormSchema = z.object({
  senderName: fields.senderName.unwrap(),
  replyTo: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(fields.replyTo.unwrap()),
  postalAddress: fields.postalAddress.unwrap(),
  trackingEnabled: fields.trackingEnabled.unwrap(),
});
export type EmailSettingsForm = z.input<typeof EmailSettingsFormSchema>;
export type EmailSettingsFields = z.output<typeof EmailSettingsFormSchema>;

export function formOf(settings: StoreEmailSettings): EmailSettingsForm {
  return { senderName: settings.senderName, replyTo: settings.replyTo ?? '', postalAddress: settings.postalAddress, trackingEnabled: settings.trackingEnabled };
}
