import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { afterEach } from 'vitest';

/**
 * `findBy…` and `waitFor` wait for an exact state and return the moment it is there; this is only
 * how long they may wait before failing. Testing Library's 1 s is too short for a lazy route's
 * first import or a query's answer while the suite runs two workers beside PostgreSQL on two
 * cores, and a test that fails only because the machine was busy proves nothing.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * On one worker (`--maxWorkers=1`, `--no-file-parallelism`) vitest 4.1 runs every file of a VM-pool
 * project in one VM context, one after another: files would share the DOM, globals and modules, and
 * fail for each other. Refuse that loudly instead; a second file finds this mark.
 */
const SETUP_MARK = Symbol.for('shopfront.web-test-setup');
if ((globalThis as Record<symbol, unknown>)[SETUP_MARK]) {
  throw new Error('Web test files are sharing one VM context (the vmThreads pool on one worker): run them with at least 2 workers, or with --pool=threads.');
}
(globalThis as Record<symbol, unknown>)[SETUP_MARK] = true;

afterEach(() => {
  cleanup();
});

// jsdom lacks pointer capture, which Radix Toast's swipe handling calls.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}

// Each file runs in its own VM context (the project's `vmThreads` pool), where jsdom's `crypto` has
// no `subtle`. A browser has Web Crypto; give the page Node's, which is the same API.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
}
