import type { HandlerRegistry } from '../types.ts';
import { customerResetPassword } from './customer-reset-password.ts';
import { customerSignIn } from './customer-sign-in.ts';
import { customerSignOut } from './customer-sign-out.ts';
import { customerSignUp } from './customer-sign-up.ts';
import { getCustomerSession } from './get-customer-session.ts';
import { getMyPurchases } from './get-my-purchases.ts';
import { sendCustomerCode } from './send-customer-code.ts';

/** The members handlers; ../index.ts spreads them into the registry. */
export const memberHandlers = {
  sendCustomerCode,
  customerSignUp,
  customerSignIn,
  customerResetPassword,
  customerSignOut,
  getCustomerSession,
  getMyPurchases,
} satisfies Partial<HandlerRegistry>;
