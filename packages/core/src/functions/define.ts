import type { z } from 'zod';

/**
 * Who may call a function. The server checks it before the handler runs:
 * `public` anyone; `creator` a signed-in creator; `admin` a creator with isAdmin;
 * `customer` a signed-in customer of the store named in the input.
 */
export type FunctionAccess = 'public' | 'creator' | 'admin' | 'customer';

/** A callable function's contract: the only way a function is registered (CONVENTIONS rule 3). */
export interface FunctionContract<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> {
  name: Name;
  input: Input;
  output: Output;
  access: FunctionAccess;
  /** Absent when NODE_ENV=production (SECURITY: development-only functions). */
  devOnly?: boolean;
}

export function defineFunction<const Name extends string, Input extends z.ZodType, Output extends z.ZodType>(
  contract: FunctionContract<Name, Input, Output>,
): FunctionContract<Name, Input, Output> {
  return contract;
}
