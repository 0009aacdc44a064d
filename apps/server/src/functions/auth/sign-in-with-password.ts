import { signInWithPassword as signIn } from '#src/domain/auth/sign-in-with-password.ts';
import type { Handler } from '../types.ts';

export const signInWithPassword: Handler<'signInWithPassword'> = (input, ctx) => signIn(ctx, input);
