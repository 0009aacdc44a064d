import { AppError, isSafeMultiLineText, MESSAGES } from '@shopfront/core';

/**
 * SECURITY "Content", the backstop behind the contracts: no string or key anywhere in a callable's
 * `data` carries NUL, another C0 control character (tab, CR and newline aside: the boundary cannot
 * tell multi-line fields from the others, the contracts do) or a lone surrogate. Iterative, so a
 * deeply nested payload cannot overflow the stack.
 */
export function assertSafeInputText(data: unknown): void {
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isSafeMultiLineText(value)) throw new AppError('invalid-argument', MESSAGES.generic.invalidArgument);
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isSafeMultiLineText(key)) throw new AppError('invalid-argument', MESSAGES.generic.invalidArgument);
        pending.push(item);
      }
    }
  }
}
