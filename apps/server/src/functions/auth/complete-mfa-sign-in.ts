import { completeMfaSignIn as complete } from '#src/domain/auth/complete-mfa-sign-in.ts';
import type { Handler } from '../types.ts';

export const completeMfaSignIn: Handler<'completeMfaSignIn'> = (input, ctx) => complete(ctx, input);
