/** A fresh idempotency key: crypto.randomUUID, or 128 random bits where it is missing (plain-http hosts). */
export function newIdempotencyKey(): string {
  const webCrypto = globalThis.crypto;
  if (typeof webCrypto?.randomUUID === 'function') return webCrypto.randomUUID();
  const bytes = new Uint8Array(16);
  webCrypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per purchase attempt: a retry of the same submit (a lost reply, a double tap, a network
 * error) sends the same key, so createCheckout answers the same checkout instead of a second one.
 * Changing what is submitted (another email, another amount) is a new attempt with a new key.
 */
export function createKeyKeeper(generate: () => string = newIdempotencyKey) {
  let kept: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(submitted: unknown): string {
      const fingerprint = JSON.stringify(submitted);
      if (!kept || kept.fingerprint !== fingerprint) kept = { fingerprint, key: generate() };
      return kept.key;
    },
  };
}
