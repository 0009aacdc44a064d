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

afterEach(() => {
  cleanup();
});

// jsdom lacks pointer capture, which Radix Toast's swipe handling calls.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}

// Each file runs in its own VM context (the project's `vmForks` pool), where jsdom's `crypto` has
// no `subtle`. A browser has Web Crypto; give the page Node's, which is the same API.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
}
