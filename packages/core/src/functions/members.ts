import { z } from 'zod';
import { BuyerNameSchema, PurchaseSchema } from '../schemas/commerce.ts';
import { EmailSchema, LoginPasswordSchema, NewPasswordSchema, VerificationCodeSchema } from '../schemas/fields.ts';
import { defineFunction } from './define.ts';
import { StoreIdSchema, singleLineText } from '../schemas/text.ts';

const id = StoreIdSchema;

/**
 * The members area. Each store's customers are their own realm (the store's tenant): the same
 * email at two stores is two accounts. Sessions travel in a per-store cookie (or Bearer) and are
 * refused by every other store and by creator functions.
 */
export const CustomerAccountSchema = z.object({ id: z.string(), storeId: z.string(), name: z.string(), email: z.string() });
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;

export const sendCustomerCode = defineFunction({
  name: 'sendCustomerCode',
  access: 'public',
  input: z.object({ storeId: id, email: EmailSchema, type: z.enum(['signup', 'password-reset']) }).strict(),
  output: z.object({ sent: z.literal(true) }),
});

/**
 * Creates the account with the emailed code (spec §5: passwords match, minimum 6). A buyer who
 * checked out with this email gets their purchases: the verified code proves the address.
 */
export const customerSignUp = defineFunction({
  name: 'customerSignUp',
  access: 'public',
  input: z
    .object({ storeId: id, name: BuyerNameSchema, email: EmailSchema, password: NewPasswordSchema, confirmPassword: singleLineText(), code: VerificationCodeSchema })
    .strict(),
  output: z.object({ customer: CustomerAccountSchema }),
});

export const customerSignIn = defineFunction({
  name: 'customerSignIn',
  access: 'public',
  input: z.object({ storeId: id, email: EmailSchema, password: LoginPasswordSchema }).strict(),
  output: z.object({ customer: CustomerAccountSchema }),
});

export const customerResetPassword = defineFunction({
  name: 'customerResetPassword',
  access: 'public',
  input: z
    .object({ storeId: id, email: EmailSchema, code: VerificationCodeSchema, password: NewPasswordSchema, confirmPassword: singleLineText() })
    .strict(),
  output: z.object({ customer: CustomerAccountSchema }),
});

export const customerSignOut = defineFunction({
  name: 'customerSignOut',
  access: 'public',
  input: z.object({ storeId: id }).strict(),
  output: z.object({ signedOut: z.literal(true) }),
});

/** The signed-in customer of this store, or null (never another store's). */
export const getCustomerSession = defineFunction({
  name: 'getCustomerSession',
  access: 'public',
  input: z.object({ storeId: id }).strict(),
  output: z.object({ customer: CustomerAccountSchema.nullable() }),
});

/** Purchases and lead magnets, newest first, with fresh short-lived download links. */
export const getMyPurchases = defineFunction({
  name: 'getMyPurchases',
  access: 'customer',
  input: z.object({ storeId: id }).strict(),
  output: z.object({ purchases: z.array(PurchaseSchema) }),
});
