import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTraits, FINGERPRINT_KEY, fingerprintOf, pageReferral, PENDING_REFERRAL, trackReferralVisit, VISIT_MARKER } from './referral.ts';
import { sessionReferral } from './session-referral.ts';

const browserFingerprint = () => fingerprintOf(browserTraits());
const pendingReferral = () => sessionStorage.getItem(PENDING_REFERRAL) ?? undefined;

const TRAITS = ['Mozilla/5.0 (iPhone)', 'en-GB', 'Europe/London', '390x844', 24, 6, 'iPhone'];

let fetchStub: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  sessionStorage.clear();
  delete pageReferral.referralCode;
  delete pageReferral.fingerprint;
  fetchStub = vi.fn(async () => new Response(JSON.stringify({ result: null }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => vi.unstubAllGlobals());

/** The trackAffiliateVisit calls made: their URL, method, headers and `data`. */
function visits() {
  return fetchStub.mock.calls.map(([input, init]) => ({
    url: String(input),
    method: init?.method,
    headers: init?.headers,
    data: (JSON.parse(String(init?.body)) as { data: Record<string, unknown> }).data,
  }));
}

describe('fingerprintOf (spec §9)', () => {
  it('is 16 lower-case hex characters', async () => {
    expect(await fingerprintOf(TRAITS)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is the first 16 hex characters of the SHA-256 of the traits', async () => {
    // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    expect(await fingerprintOf(['abc'])).toBe('ba7816bf8f01cfea');
  });

  it('is the same for the same traits and differs when one trait changes', async () => {
    const first = await fingerprintOf(TRAITS);
    expect(await fingerprintOf([...TRAITS])).toBe(first);
    expect(await fingerprintOf(TRAITS.map((trait) => (trait === '390x844' ? '1920x1080' : trait)))).not.toBe(first);
    expect(await fingerprintOf(TRAITS.map((trait) => (trait === 'en-GB' ? 'fr-FR' : trait)))).not.toBe(first);
  });

  it('hashes the browser’s user agent, language, time zone, screen, colour depth, cores and platform', async () => {
    const traits = browserTraits();
    expect(traits).toEqual([
      navigator.userAgent,
      navigator.language,
      Intl.DateTimeFormat().resolvedOptions().timeZone,
      `${screen.width}x${screen.height}`,
      screen.colorDepth,
      navigator.hardwareConcurrency,
      navigator.platform,
    ]);
  });
});

describe('trackReferralVisit', () => {
  it('keeps ?ref= in session storage and reports the visit with the fingerprint and visit info', async () => {
    await trackReferralVisit('store_1', false, '?utm_source=ig&ref=ann42xyz');
    expect(sessionStorage.getItem(PENDING_REFERRAL)).toBe('ANN42XYZ');
    expect(pendingReferral()).toBe('ANN42XYZ');
    const [visit, ...more] = visits();
    expect(more).toEqual([]);
    expect(visit).toMatchObject({ url: '/fn/trackAffiliateVisit', method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(visit?.data).toEqual({
      storeId: 'store_1',
      referralCode: 'ANN42XYZ',
      fingerprint: await browserFingerprint(),
      visitInfo: {
        sourceUrl: location.origin + location.pathname,
        userAgent: navigator.userAgent,
        timestamp: expect.any(Number),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        language: navigator.language,
        screen: `${screen.width}x${screen.height}`,
      },
    });
    // Nothing of the address but its path leaves: not the utm_ parameters, not the code again.
    expect(String((visit?.data.visitInfo as { sourceUrl: string }).sourceUrl)).not.toContain('?');
    expect(pageReferral).toEqual({ referralCode: 'ANN42XYZ', fingerprint: await browserFingerprint() });
    // The session's later pages (members signup, thank-you) read both back.
    expect(sessionStorage.getItem(FINGERPRINT_KEY)).toBe(await browserFingerprint());
    expect(sessionReferral()).toEqual({ referralCode: 'ANN42XYZ', fingerprint: await browserFingerprint() });
  });

  it('reports a code once per session, across page loads with and without ?ref=', async () => {
    await trackReferralVisit('store_1', false, '?ref=ANN42XYZ');
    await trackReferralVisit('store_1', false, '');
    await trackReferralVisit('store_1', false, '?ref=ann42xyz');
    expect(visits()).toHaveLength(1);
    expect(sessionStorage.getItem(`${VISIT_MARKER}ANN42XYZ`)).toBe('1');
    // The second load still knows the session's referral, for its checkouts.
    expect(pageReferral.referralCode).toBe('ANN42XYZ');
  });

  it('takes the referral from session storage when the address has none (a new tab of the same session)', async () => {
    sessionStorage.setItem(PENDING_REFERRAL, 'BOB77ABC');
    await trackReferralVisit('store_1', false, '');
    expect(visits().map((visit) => visit.data.referralCode)).toEqual(['BOB77ABC']);
  });

  it('lets a newer ?ref= replace the session’s referral, and reports that one too', async () => {
    await trackReferralVisit('store_1', false, '?ref=ANN42XYZ');
    await trackReferralVisit('store_1', false, '?ref=BOB77ABC');
    expect(pendingReferral()).toBe('BOB77ABC');
    expect(visits().map((visit) => visit.data.referralCode)).toEqual(['ANN42XYZ', 'BOB77ABC']);
  });

  it('sends and stores nothing without a referral, but notes the fingerprint for the page’s checkouts', async () => {
    await trackReferralVisit('store_1', false, '?utm_source=ig');
    await trackReferralVisit('store_1', false, '?ref=');
    expect(fetchStub).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    expect(sessionReferral()).toEqual({ referralCode: undefined, fingerprint: undefined });
    expect(pageReferral).toEqual({ referralCode: undefined, fingerprint: await browserFingerprint() });
  });

  it('keeps the session’s referral when ?ref= cannot be a code (too short, too long, stray characters)', async () => {
    await trackReferralVisit('store_1', false, '?ref=ANN42XYZ');
    for (const bad of ['ABC', 'X'.repeat(33), 'ANN 42', '<script>']) await trackReferralVisit('store_1', false, `?ref=${encodeURIComponent(bad)}`);
    expect(pendingReferral()).toBe('ANN42XYZ');
    // Four characters and thirty-two are codes.
    await trackReferralVisit('store_1', false, '?ref=ABCD');
    expect(pendingReferral()).toBe('ABCD');
    await trackReferralVisit('store_1', false, `?ref=${'Y'.repeat(32)}`);
    expect(pendingReferral()).toBe('Y'.repeat(32));
  });

  it('does nothing in the owner’s preview: no call, nothing kept', async () => {
    await trackReferralVisit('store_1', true, '?preview=true&ref=ANN42XYZ');
    expect(fetchStub).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    expect(pageReferral).toEqual({});
  });

  it('reads the reply to the end, so the request finishes and the page goes idle', async () => {
    const reply = new Response(JSON.stringify({ result: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    fetchStub.mockResolvedValue(reply);
    await trackReferralVisit('store_1', false, '?ref=READ42XY');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(reply.bodyUsed).toBe(true);
  });

  it('never throws: offline, refused storage, no Web Crypto', async () => {
    fetchStub.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(trackReferralVisit('store_1', false, '?ref=ANN42XYZ')).resolves.toBeUndefined();

    // Without Web Crypto (a plain-http host) the referral is still kept for checkouts and signups.
    vi.stubGlobal('crypto', {});
    await expect(trackReferralVisit('store_1', false, '?ref=CARL9XYZ')).resolves.toBeUndefined();
    expect(pendingReferral()).toBe('CARL9XYZ');
    expect(fetchStub).toHaveBeenCalledTimes(1);

    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await expect(trackReferralVisit('store_1', false, '?ref=DAN99XYZ')).resolves.toBeUndefined();
    expect(sessionReferral()).toEqual({});
    vi.restoreAllMocks();
  });
});
