import { AppError, defineFunction, ERROR_CODES } from '@shopfront/core';
import { z } from 'zod';
import { registerFunction } from '../functions/types.ts';

/**
 * Test-only contracts, served by test apps next to the real ones and never added to
 * @shopfront/core: they prove the protocol for every error code and access level.
 */
export const throwAppErrorContract = defineFunction({
  name: 'testOnlyThrowAppError',
  access: 'public',
  input: z.object({ code: z.enum(ERROR_CODES), message: z.string() }).strict(),
  output: z.null(),
});

export const throwUnexpectedContract = defineFunction({
  name: 'testOnlyThrowUnexpected',
  access: 'public',
  input: z.unknown(),
  output: z.null(),
});

export const creatorOnlyContract = defineFunction({
  name: 'testOnlyCreatorOnly',
  access: 'creator',
  input: z.unknown(),
  output: z.object({ ok: z.literal(true) }),
});

export const brokenOutputContract = defineFunction({
  name: 'testOnlyBrokenOutput',
  access: 'public',
  input: z.unknown(),
  output: z.object({ ok: z.literal(true) }),
});

export const SECRET_DETAIL = 'connection string postgres://admin:hunter2@db';

export const testOnlyFunctions = [
  registerFunction(throwAppErrorContract, (input) => {
    throw new AppError(input.code, input.message);
  }),
  registerFunction(throwUnexpectedContract, () => {
    throw new Error(SECRET_DETAIL);
  }),
  registerFunction(creatorOnlyContract, () => ({ ok: true as const })),
  registerFunction(brokenOutputContract, () => ({ ok: 'yes' }) as unknown as { ok: true }),
];
