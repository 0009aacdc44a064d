import type { Handler } from '../types.ts';

/** Spec §7 testFunction (development only): echoes its input with the server's time. */
export const testFunction: Handler<'testFunction'> = (input, ctx) => ({
  ok: true,
  echo: input?.echo,
  serverTime: ctx.now().toISOString(),
});
