import { AUTOMATION_LIMITS } from '@shopfront/core';
import { minutesInWords } from './trigger-words.ts';

type ErrorTree = { message?: string } & Record<string, unknown>;

/** The error message at `path` in react-hook-form's error tree, if any. */
export function errorAt(errors: unknown, ...path: (string | number)[]): string | undefined {
  let node: unknown = errors;
  for (const key of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  const message = (node as ErrorTree | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The schema's own words are for developers; these are the creator's. */
export const FIELD_WORDS = {
  tag: (value: string, message: string | undefined) => (message === undefined ? undefined : value.trim() ? message : 'Enter a tag'),
  amount: 'Enter a whole number, 1 or more',
  delay: `Choose a delay between ${minutesInWords(AUTOMATION_LIMITS.abandonedDelayMinutesMin)} and ${minutesInWords(AUTOMATION_LIMITS.abandonedDelayMinutesMax)}`,
} as const;
