import { contracts, type FunctionContract } from '@shopfront/core';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, type Caller } from './call-function.ts';
import { inputArbitrary, topLevelFields } from './contract-arbitraries.ts';
import { signedInCreator, type TestCreator } from './creators.ts';
import { hostileArbitrary, hostileBodies, HOSTILE_FIELD_VALUES } from './hostile-values.ts';
import { seedCustomer } from './orders.ts';
import { createProductAs } from './products.ts';
import { createStoreAs } from './stores.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Every contract, fuzzed through the real app as a stranger and as a signed-in creator
 * (decision 016): no input may answer 5xx, reject unhandled, or pollute a prototype.
 * Reproduce a failure with FUZZ_SEED=<seed> (fast-check prints the seed and path).
 */

const NUM_RUNS = 20;
/**
 * A caller the contract's access refuses is answered before the input is parsed (callable.ts:
 * assertAccess runs first), so derived inputs reach only the shared prefix (body, text, origin and
 * session checks). A few runs cover that prefix; the rest of the budget goes where input is read.
 */
const NUM_RUNS_REFUSED = 3;
// A test may read the seed it is told to replay; the app's own configuration stays in env.ts.
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
let t: TestApp;
let addressCounter = 0;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  t = await createTestApp();
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await t.close();
});

type Who = 'anonymous' | 'creator';

interface Session {
  owner: TestCreator;
  caller: Caller | null;
  known: Record<string, string[]>;
}

/** A creator with a store, a product and a customer; their ids are mixed into the generated inputs. */
async function newSession(who: Who): Promise<Session> {
  const creator = await signedInCreator(t);
  const store = await createStoreAs(t, creator, `fuzz-${who}-${++addressCounter}`);
  const product = await createProductAs(t, creator, store.id);
  const customer = await seedCustomer(t, store.id);
  const known = {
    storeId: [store.id],
    productId: [product.id],
    productIds: [product.id],
    customerId: [customer.id],
    tenantId: [store.tenantId],
    slug: [store.slug],
    email: [customer.email],
  };
  return { owner: creator, caller: who === 'creator' ? creator : null, known };
}

const sessions = new Map<Who, Session>();

/** The caller's session, made again when the last contract signed it out or deleted its store. */
async function sessionFor(who: Who): Promise<Session> {
  const current = sessions.get(who);
  if (current) {
    const data = { storeId: current.known.storeId?.[0], productId: current.known.productId?.[0] };
    const alive = await callFunction(t.app, 'getProduct', data, { as: current.owner });
    if (alive.statusCode === 200) return current;
  }
  const fresh = await newSession(who);
  sessions.set(who, fresh);
  return fresh;
}

/** A distinct client address per call, so per-address limits answer 429 less and code runs deeper. */
function nextAddress(): string {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

function describeFailure(name: string, who: Who, data: unknown, response: LightMyRequestResponse): string {
  const sent = JSON.stringify(data) ?? 'undefined';
  return `${name} as ${who} answered ${response.statusCode} ${response.body.slice(0, 300)} for ${sent.slice(0, 300)}`;
}

async function send(name: string, session: Session, data: unknown): Promise<LightMyRequestResponse> {
  return callFunction(t.app, name, data, { as: session.caller, remoteAddress: nextAddress() });
}

/** Whether the contract's access refuses this caller whatever the input (see assertAccess). */
function refusedWhatever(who: Who, contract: FunctionContract): boolean {
  if (contract.access === 'public') return false;
  return who === 'anonymous' || contract.access === 'admin' || contract.access === 'customer';
}

function assertSafe(name: string, who: Who, data: unknown, response: LightMyRequestResponse, refused = false): void {
  if (response.statusCode >= 500) throw new Error(describeFailure(name, who, data, response));
  // No input may get a refused caller past the access check.
  if (refused && response.statusCode < 400) throw new Error(describeFailure(name, who, data, response));
  const probe = {} as Record<string, unknown>;
  if (probe.polluted !== undefined || probe.isAdmin !== undefined) throw new Error(`${name} as ${who} polluted Object.prototype`);
  if (unhandled.length > 0) throw new Error(`${name} as ${who}: unhandled rejection ${String(unhandled[0])}`);
}

const entries = Object.entries(contracts) as [string, FunctionContract][];

describe.each(['anonymous', 'creator'] as const)('every contract as %s', (who) => {
  it.each(entries.map(([name, contract]) => [name, contract] as const))('%s never answers 5xx', async (name, contract) => {
    const session = await sessionFor(who);
    const refused = refusedWhatever(who, contract);
    const wellFormed = fc.sample(inputArbitrary(contract.input, { known: session.known }), { numRuns: 1, seed: seed ?? 1 })[0];
    const failures: string[] = [];
    const check = (label: string, response: LightMyRequestResponse) => {
      try {
        assertSafe(name, who, label, response, refused);
      } catch (error) {
        failures.push((error as Error).message);
      }
    };

    // Enumerated: every hostile value as the whole body, and once in a top-level field (in turn).
    for (const [label, data] of Object.entries(hostileBodies(wellFormed))) check(`<${label}>`, await send(name, session, data));
    const fields = topLevelFields(contract.input);
    for (const [index, [label, value]] of Object.entries(HOSTILE_FIELD_VALUES).entries()) {
      const field = fields[(index + (who === 'creator' ? 1 : 0)) % fields.length];
      if (field === undefined) break;
      check(`{${field}: <${label}>}`, await send(name, session, { ...(wellFormed as object), [field]: value }));
    }

    // Property-based: derived inputs with hostile values mixed in at any depth.
    const arbitrary = inputArbitrary(contract.input, { known: session.known, hostile: hostileArbitrary });
    const property = fc.asyncProperty(arbitrary, async (data) => assertSafe(name, who, data, await send(name, session, data), refused));
    const numRuns = refused ? NUM_RUNS_REFUSED : NUM_RUNS;
    const details = await fc.check(property, { numRuns, ...(seed === undefined ? {} : { seed }) });
    // The report's head holds the seed and path; the counterexample may hold a megabyte.
    if (details.failed) failures.push((fc.defaultReportMessage(details) ?? `failed with seed ${details.seed}`).slice(0, 3000));

    expect(failures).toEqual([]);
    expect(unhandled).toEqual([]);
  });
});
