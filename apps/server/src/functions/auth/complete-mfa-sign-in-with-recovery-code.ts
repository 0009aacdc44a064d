import { completeMfaSignInWithRecoveryCode as complete } from '#src/domain/auth/complete-mfa-sign-in-with-recovery-code.ts';
import type { Handler } from '../types.ts';

export const completeMfaSignInWithRecoveryCode: Handler<'completeMfaSignInWithRecoveryCode'> = (input, ctx) => complete(ctx, input);
