import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('runs with no configuration at all (npm start with no .env)', () => {
    const env = parseEnv({}, '/srv/shopfront');
    expect(env).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/shopfront/data',
      databaseUrl: null,
      nodeEnv: 'development',
      checkFunctionOutput: true,
      publicUrl: 'http://localhost:3000',
      productHosts: ['localhost', '127.0.0.1'],
      corsOrigins: ['http://localhost:3000'],
      bioDomain: null,
      bodyLimitBytes: 1024 * 1024,
      emailSendsPerIpPerHour: 30,
      logLevel: 'info',
      appSecret: null,
      trustProxy: [],
      dnsServers: [],
      email: { provider: 'outbox', from: 'Shopfront <no-reply@localhost>' },
      emailCampaigns: { perStorePerSecond: 500, platformPerSecond: 2000, leaseMs: 60_000 },
      oauth: { google: null, github: null, facebook: null, twitter: null, oidc: null },
      payments: { stripe: null, testProviderEnabled: true, checkoutLimits: { perIpPerMinute: 20, perStorePerMinute: 3000 } },
      storage: { kind: 'disk', s3: null, productFileMaxBytes: 512 * 1024 * 1024 },
      analytics: { enabled: true, retentionMonths: 25, beaconLimits: { perIpPerMinute: 60, perStorePerMinute: 6000 } },
      webConcurrency: 1,
      regions: { region: 'us-central', mirrorDatabaseUrl: null, primaryUrl: null, urls: {}, maxLagMs: 5000 },
      currency: { countryHeaders: ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country'], fxRatesUrl: null },
      front: { sharedMaxAgeSeconds: 1, staleWhileRevalidateSeconds: 5, pageCacheMaxBytes: 32 * 1024 * 1024, purge: { kind: 'none' } },
    });
  });

  it('resolves a relative DATA_DIR against the directory npm was started in', () => {
    expect(parseEnv({ INIT_CWD: '/repo' }).dataDir).toBe('/repo/data');
    expect(parseEnv({ INIT_CWD: '/repo', DATA_DIR: '/var/lib/shopfront' }).dataDir).toBe('/var/lib/shopfront');
  });

  it('derives product hosts and CORS origin from PUBLIC_URL', () => {
    const env = parseEnv({ PUBLIC_URL: 'https://Shop.Example.com/', PORT: '8080' });
    expect(env.publicUrl).toBe('https://shop.example.com');
    expect(env.productHosts).toEqual(['shop.example.com', 'localhost', '127.0.0.1']);
    expect(env.corsOrigins).toEqual(['https://shop.example.com']);
  });

  it('reads comma lists and treats empty values as unset', () => {
    const env = parseEnv({
      PRODUCT_HOSTS: 'shop.example.com, app.example.com',
      CORS_ORIGINS: 'https://a.example.com,https://b.example.com/',
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      BIO_DOMAIN: 'Bio.Example.com',
      HOST: '',
      PORT: '',
    });
    expect(env.productHosts).toEqual(['shop.example.com', 'app.example.com']);
    expect(env.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(env.databaseUrl).toBe('postgres://u:p@db:5432/shop');
    expect(env.bioDomain).toBe('bio.example.com');
    expect(env.host).toBe('127.0.0.1');
    expect(env.port).toBe(3000);
  });

  it('lists every bad variable at once', () => {
    const bad = {
      PORT: 'eighty',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'ftp://x',
      CORS_ORIGINS: 'https://ok.example.com,https://bad.example.com/path',
      BODY_LIMIT_BYTES: '-1',
    };
    let caught: unknown;
    try {
      parseEnv(bad);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const names = (caught as EnvError).problems.map((line) => line.split(/[.:]/)[0]);
    expect(names.sort()).toEqual(['BODY_LIMIT_BYTES', 'CORS_ORIGINS', 'DATABASE_URL', 'NODE_ENV', 'PORT', 'PUBLIC_URL']);
  });

  it('reads EMAIL_SENDS_PER_IP_PER_HOUR: 30 by default, 1 to 100000, refusing 0', () => {
    expect(parseEnv({}).emailSendsPerIpPerHour).toBe(30);
    expect(parseEnv({ EMAIL_SENDS_PER_IP_PER_HOUR: '1' }).emailSendsPerIpPerHour).toBe(1);
    expect(parseEnv({ EMAIL_SENDS_PER_IP_PER_HOUR: '100000' }).emailSendsPerIpPerHour).toBe(100_000);
    expect(() => parseEnv({ EMAIL_SENDS_PER_IP_PER_HOUR: '0' })).toThrow(/EMAIL_SENDS_PER_IP_PER_HOUR/);
    expect(() => parseEnv({ EMAIL_SENDS_PER_IP_PER_HOUR: '100001' })).toThrow(/EMAIL_SENDS_PER_IP_PER_HOUR/);
  });

  it('reads the campaign rates and lease, refusing values out of range on both sides', () => {
    const env = parseEnv({ EMAIL_CAMPAIGN_RATE_PER_STORE: '1', EMAIL_CAMPAIGN_RATE_PLATFORM: '1000000', EMAIL_CAMPAIGN_LEASE_SECONDS: '2' });
    expect(env.emailCampaigns).toEqual({ perStorePerSecond: 1, platformPerSecond: 1_000_000, leaseMs: 2_000 });
    expect(() => parseEnv({ EMAIL_CAMPAIGN_RATE_PER_STORE: '0' })).toThrow(/EMAIL_CAMPAIGN_RATE_PER_STORE/);
    expect(() => parseEnv({ EMAIL_CAMPAIGN_RATE_PLATFORM: '1000001' })).toThrow(/EMAIL_CAMPAIGN_RATE_PLATFORM/);
    expect(() => parseEnv({ EMAIL_CAMPAIGN_LEASE_SECONDS: '1' })).toThrow(/EMAIL_CAMPAIGN_LEASE_SECONDS/);
  });

  it('checks function answers outside production unless CHECK_FUNCTION_OUTPUT says otherwise', () => {
    const check = (vars: Record<string, string>) => parseEnv(vars, '/srv').checkFunctionOutput;
    expect([check({}), check({ NODE_ENV: 'test' }), check({ NODE_ENV: 'production' })]).toEqual([true, true, false]);
    expect([check({ NODE_ENV: 'test', CHECK_FUNCTION_OUTPUT: 'off' }), check({ NODE_ENV: 'production', CHECK_FUNCTION_OUTPUT: 'on' })]).toEqual([false, true]);
    expect(() => parseEnv({ CHECK_FUNCTION_OUTPUT: 'yes' })).toThrow(/CHECK_FUNCTION_OUTPUT/);
  });

  it('accepts PORT 65535 and refuses 65536', () => {
    expect(parseEnv({ PORT: '65535' }).port).toBe(65535);
    expect(() => parseEnv({ PORT: '65536' })).toThrow(/PORT/);
  });

  it('reads DNS_SERVERS as IPs with optional ports, in order', () => {
    expect(parseEnv({ DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1,::1,[2001:db8::1]:53' }).dnsServers).toEqual([
      '127.0.0.1:5353',
      '1.1.1.1',
      '::1',
      '[2001:db8::1]:53',
    ]);
    expect(parseEnv({ DNS_SERVERS: '' }).dnsServers).toEqual([]);
    expect(parseEnv({ DNS_SERVERS: '127.0.0.1:65535' }).dnsServers).toEqual(['127.0.0.1:65535']);
  });

  it.each([
    ['a host name', 'dns.example.com'],
    ['port 0', '127.0.0.1:0'],
    ['port 65536', '127.0.0.1:65536'],
    ['an IPv6 port without brackets', '2001:db8::1:53:x'],
    ['an IPv4 address in brackets', '[127.0.0.1]:53'],
    ['a bad entry among good ones', '1.1.1.1,300.1.1.1'],
  ])('refuses DNS_SERVERS with %s, naming the variable', (_case, value) => {
    expect(() => parseEnv({ DNS_SERVERS: value })).toThrow(/DNS_SERVERS.*: Expected IP addresses with an optional port/);
  });
});

describe('regions and currency settings', () => {
  it('reads a sydney server with its mirror, the primary to forward to, and both regions for browsers', () => {
    const env = parseEnv({
      REGION: 'sydney',
      MIRROR_DATABASE_URL: 'postgres://mirror.example/shopfront',
      PRIMARY_REGION_URL: 'https://us.example.com/',
      REGION_URLS: 'us-central=https://us.example.com,sydney=https://syd.example.com/',
      MIRROR_MAX_LAG_MS: '2000',
    });
    expect(env.regions).toEqual({
      region: 'sydney',
      mirrorDatabaseUrl: 'postgres://mirror.example/shopfront',
      primaryUrl: 'https://us.example.com',
      urls: { 'us-central': 'https://us.example.com', sydney: 'https://syd.example.com' },
      maxLagMs: 2000,
    });
  });

  it('refuses an unknown region, a region list it cannot read and a lag limit out of range', () => {
    expect(() => parseEnv({ REGION: 'mars' })).toThrow(/REGION/);
    expect(() => parseEnv({ REGION_URLS: 'europe=https://eu.example.com' })).toThrow(/region=url pairs/);
    expect(() => parseEnv({ REGION_URLS: 'sydney=not a url' })).toThrow(/region=url pairs/);
    expect(() => parseEnv({ MIRROR_MAX_LAG_MS: '99' })).toThrow(/MIRROR_MAX_LAG_MS/);
    expect(parseEnv({ MIRROR_MAX_LAG_MS: '100' }).regions.maxLagMs).toBe(100);
    expect(() => parseEnv({ MIRROR_DATABASE_URL: 'mysql://x' })).toThrow(/MIRROR_DATABASE_URL/);
  });

  it('trusts the configured country headers, or none', () => {
    expect(parseEnv({ CURRENCY_COUNTRY_HEADERS: 'X-Country, CF-IPCountry' }).currency.countryHeaders).toEqual(['x-country', 'cf-ipcountry']);
    expect(parseEnv({ CURRENCY_COUNTRY_HEADERS: 'none' }).currency.countryHeaders).toEqual([]);
    expect(() => parseEnv({ FX_RATES_URL: 'ftp://rates.example' })).toThrow(/FX_RATES_URL/);
  });
});
