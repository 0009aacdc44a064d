import type { Contracts, FunctionContract, FunctionName, FunctionOutput } from '@shopfront/core';
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { KeptAnswerStore, StoreRow, UserRow } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import type { FeatureFlagCache } from '../domain/platform/feature-flag-cache.ts';
import type { StorefrontService } from '../storefront/storefront-service.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Who is calling, as the callable endpoint resolved it (http/callable/resolve-caller.ts); null
 * when anonymous. A creator carries the user row the session lookup read (with MFA state), so a
 * handler that answers the user needs no second query. `mfaVerified`: TOTP is on and this session
 * proved it (an MFA sign-in, or enrolment in this session).
 */
export type Caller =
  | { kind: 'creator'; userId: string; isAdmin: boolean; mfaVerified: boolean; user: CallerUser; ownedStore?: OwnedStoreRead }
  | { kind: 'customer'; customerId: string; storeId: string; tenantId: string };

/**
 * The store a creator's call names (`data.storeId`), read with the session in one query, when
 * this creator owns it, else null (functions/owned-store.ts answers from it): the whole row, or
 * for a call the endpoint may answer from memory (http/callable/kept-answer-reply.ts) only
 * KeptAnswerStore's columns, so an answer served from memory does not read, send and decode the rest.
 */
export type OwnedStoreRead = {
  storeId: string;
  /**
   * With the store: the versions of its counter rows kept on write (decision 036), which every
   * order and customer written changes; a kept answer made of them holds only while they match.
   */
  countersVersion: string | null;
} & ({ columns: 'row'; row: StoreRow | null } | { columns: 'key'; row: KeptAnswerStore | null });

export type CallerUser = UserRow & { mfaEnabled: boolean };

export interface RequestInfo {
  id: string;
  /** Client address (proxy headers are trusted only from configured proxies). */
  ip: string;
  headers: IncomingHttpHeaders;
}

export interface FunctionContext {
  db: Database;
  env: Env;
  log: FastifyBaseLogger;
  request: RequestInfo;
  caller: Caller | null;
  /** The clock; tests inject a fixed one (CONVENTIONS "inject a clock"). */
  now: () => Date;
  /** The session tokens the request carries; handlers never parse cookies themselves. */
  tokens: SessionTokens;
  /** Browser session cookie for this reply (identity: sign-in sets it, sign-out clears it). */
  reply: SessionReply;
  /**
   * The app's storefront page cache: getStorefront answers from the same entries as the HTML
   * routes, getPublishedWebsitePage through the same website loader as the website pages.
   */
  storefront: Pick<StorefrontService, 'json' | 'previewData' | 'isOffline' | 'websiteLoader' | 'cached' | 'visitorDb'>;
  /** The app's feature flags, cached and dropped on change (domain/platform/feature-flag-cache.ts). */
  featureFlags: Pick<FeatureFlagCache, 'read' | 'invalidate'>;
}

export interface SessionTokens {
  /** The creator session: `Authorization: Bearer` first, else the `sf_session` cookie. */
  session(): string | null;
  /** A store's customer session: `Authorization: Bearer` first, else its `sfc_<storeId>` cookie. */
  customer(storeId: string): string | null;
}

export interface SessionReply {
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  /** The members area's per-store customer cookie `sfc_<storeId>` (callables provide it). */
  setCustomerCookie?(storeId: string, token: string, expiresAt: Date): void;
  clearCustomerCookie?(storeId: string): void;
}

export type HandlerInput<N extends FunctionName> = z.output<Contracts[N]['input']>;

export type Handler<N extends FunctionName> = (
  input: HandlerInput<N>,
  ctx: FunctionContext,
) => Promise<FunctionOutput<N>> | FunctionOutput<N>;

/** One handler for every contract: adding a contract without a handler is a type error. */
export type HandlerRegistry = { [N in FunctionName]: Handler<N> };

/** A contract bound to its handler, as the callable endpoint serves it. */
export interface RegisteredFunction {
  contract: FunctionContract;
  handler: (input: unknown, ctx: FunctionContext) => unknown;
}

/** Binds a contract to its handler with full types, then erases them for the table. */
export function registerFunction<C extends FunctionContract>(
  contract: C,
  handler: (input: z.output<C['input']>, ctx: FunctionContext) => Promise<z.output<C['output']>> | z.output<C['output']>,
): RegisteredFunction {
  return { contract, handler: handler as RegisteredFunction['handler'] };
}
