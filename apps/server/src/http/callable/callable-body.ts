// Exports what every callable request's body goes through (readCallableData, parseInput, CALLABLE_MESSAGES):
// one module because the endpoint and the kept-read lane (kept-read-lane.ts) must read a body the same way.
import { AppError, type FunctionContract } from '@shopfront/core';
import { z } from 'zod';

export const CALLABLE_MESSAGES = {
  contentType: 'Requests must have Content-Type: application/json.',
  notJson: 'Request body is not valid JSON.',
  shape: 'Request body must be a JSON object with exactly one field, "data".',
  outputMismatch: 'Function output does not match its contract.',
} as const;

/** Whether a Content-Type names application/json (parameters such as a charset allowed). */
export const isJsonMediaType = (contentType: string | undefined): boolean => (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

/** The request must be exactly `{"data": …}` sent as application/json (charset allowed). */
export function readCallableData(contentType: string | undefined, payload: unknown): unknown {
  if (!isJsonMediaType(contentType)) throw new AppError('invalid-argument', CALLABLE_MESSAGES.contentType);
  const raw = Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
  let body: unknown;
  try {
    body = mayHoldProtoKey(raw) ? JSON.parse(raw, refuseProtoKeys) : JSON.parse(raw);
  } catch {
    throw new AppError('invalid-argument', CALLABLE_MESSAGES.notJson);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('invalid-argument', CALLABLE_MESSAGES.shape);
  }
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'data') throw new AppError('invalid-argument', CALLABLE_MESSAGES.shape);
  return (body as { data: unknown }).data;
}

/**
 * Whether the text could name `__proto__` or `constructor` (as is, or with `\u` escapes): a reviver
 * makes JSON.parse several times slower, and almost no payload needs it.
 */
const mayHoldProtoKey = (raw: string): boolean => raw.includes('__proto__') || raw.includes('constructor') || raw.includes('\\u');

/** Prototype-poisoning keys have no business in a payload (as Fastify's own JSON parser). */
function refuseProtoKeys(key: string, value: unknown): unknown {
  const poisoned =
    key === '__proto__' || (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value);
  if (poisoned) throw new Error('forbidden key');
  return value;
}

/** How many refused fields a reply names, each with its full path (`['content', 3, 'props', 'heading']`). */
const ISSUES_IN_REPLY = 20;

/**
 * The first issue's message, with the fields by name (`fieldErrors`, top level) and by full path
 * (`issues`), so a form deep in an input (a website block's field) can show the message beside it.
 */
export function parseInput(contract: FunctionContract, data: unknown): unknown {
  const parsed = contract.input.safeParse(data);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const issues = parsed.error.issues.slice(0, ISSUES_IN_REPLY).map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
    message: issue.message,
  }));
  throw new AppError('invalid-argument', first?.message ?? 'Invalid argument.', { ...z.flattenError(parsed.error), issues });
}

