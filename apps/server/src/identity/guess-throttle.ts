import type { AppError } from '@shopfront/core';
import type { Executor } from '../db/executor.ts';
import { hitLimit, undoHit, type LimitHit, type LimitRule } from './rate-limits.ts';

/**
 * The one way to throttle a guessable secret (passwords, codes, second factors, links): every
 * guess is counted in each rule BEFORE the secret is checked, so parallel guesses cannot slip
 * past a limit, and a right guess is taken back with `forgiveGuess`, which leaves the counters
 * at the number of failures. A guess refused by a full rule checked nothing: it is taken back
 * too, so a burst of refusals cannot lock out a target whose secret was never guessed wrong.
 * Answers the hits in the order of `rules`.
 */
export async function countGuess(db: Executor, rules: LimitRule[], now: Date, refusal: () => AppError): Promise<LimitHit[]> {
  const hits: LimitHit[] = [];
  for (const rule of rules) hits.push(await hitLimit(db, rule, now));
  if (hits.every((hit) => hit.allowed)) return hits;
  await forgiveGuess(db, rules, now);
  throw refusal();
}

/** Takes back one counted guess; `countedAt` names the windows it was counted in. */
export async function forgiveGuess(db: Executor, rules: LimitRule[], countedAt: Date): Promise<void> {
  for (const rule of rules) await undoHit(db, rule, countedAt);
}
