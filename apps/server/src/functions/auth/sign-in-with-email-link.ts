import { signInWithEmailLink as signIn } from '#src/domain/auth/sign-in-with-email-link.ts';
import type { Handler } from '../types.ts';

export const signInWithEmailLink: Handler<'signInWithEmailLink'> = (input, ctx) => signIn(ctx, input);
