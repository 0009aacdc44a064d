import type { HandlerRegistry } from '../types.ts';
import { customerResetPassword } from './customer-reset-password.ts';
import { customerSignIn } from './customer-sign-in.ts';
import { customerSignOut } from './customer-sign-out.ts';
import { customerSignUp } from './customer-sign-up.ts';
import { getCustomerSession } from './get-customer-session.ts';
import { getMyPurchases } from './get-my-purchases.ts';
import { sendCustomerCode } from './send-customer-code.ts';

/** Issue 5 handlers of this area; the registry in ../index.ts spreads them in. */
export const memberHandlers = {
  sendCustomerCode,
  customerSignUp,
  customerSignIn,
  customerResetPassword,
  customerSignOut,
  getCustomerSession,
  getMyPurchases,
} satisfies Partial<HandlerRegistry>;
