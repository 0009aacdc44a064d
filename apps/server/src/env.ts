import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ANALYTICS_ENV_SHAPE, analyticsConfigFromEnv, type AnalyticsConfig } from './env/analytics-env.ts';
import { CLUSTER_ENV_SHAPE, webConcurrencyFromEnv } from './env/cluster-env.ts';
import { checkEmailEnv, EMAIL_ENV_SHAPE, emailConfigFromEnv, type EmailConfig } from './env/email-env.ts';
import { checkOAuthEnv, OAUTH_ENV_SHAPE, oauthConfigFromEnv, type OAuthConfig } from './env/oauth-env.ts';
import { checkStorageEnv, STORAGE_ENV_SHAPE, storageConfigFromEnv, type StorageConfig } from './env/storage-env.ts';
import { checkPaymentsEnv, PAYMENTS_ENV_SHAPE, paymentsConfigFromEnv, type PaymentsConfig } from './env/payments-env.ts';
import { CURRENCY_ENV_SHAPE, currencyConfigFromEnv, type CurrencyConfig } from './env/currency-env.ts';
import { REGIONS_ENV_SHAPE, regionsConfigFromEnv, type RegionsConfig } from './env/regions-env.ts';
import { checkFrontEnv, FRONT_ENV_SHAPE, frontConfigFromEnv, type FrontConfig } from './env/front-env.ts';

/** SECURITY: identity emails one client address may cause per hour, unless EMAIL_SENDS_PER_IP_PER_HOUR says otherwise. */
export const DEFAULT_EMAIL_SENDS_PER_IP_PER_HOUR = 30;

/** Campaign sending limits (messages per second) and the sender lease, unless the env says otherwise. */
export const DEFAULT_EMAIL_CAMPAIGN_RATES = { perStorePerSecond: 500, platformPerSecond: 2_000, leaseSeconds: 60 } as const;

/**
 * Server configuration, read once at start (CONVENTIONS rule 6). Every name here is stable;
 * the README lists them all. Nothing else in the server reads `process.env`.
 */
export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().trim().optional());
const commaList = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .transform((text) => text.split(',').map((item) => item.trim()).filter(Boolean))
    .optional(),
);
const hostname = z.string().regex(/^[a-z0-9.-]+$/i, 'Expected a host name such as shop.example.com');

const RawEnvSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  /** 127.0.0.1 keeps a laptop install private; set 0.0.0.0 on a server or in a container. */
  HOST: optionalString.pipe(z.string().default('127.0.0.1')),
  DATA_DIR: optionalString.pipe(z.string().default('./data')),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'Expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(NODE_ENVS).default('development')),
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'Expected an http(s) URL such as https://shop.example.com' })
      .optional(),
  ),
  PRODUCT_HOSTS: commaList.pipe(z.array(hostname).optional()),
  CORS_ORIGINS: commaList.pipe(
    z
      .array(
        z.string().refine(isOrigin, { message: 'Expected origins such as https://app.example.com (no path)' }),
      )
      .optional(),
  ),
  BIO_DOMAIN: optionalString.pipe(hostname.optional()),
  BODY_LIMIT_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1024).default(1024 * 1024)),
  /** SECURITY "per-IP hourly cap" on identity emails (codes, sign-in links); raise it behind a shared address. */
  EMAIL_SENDS_PER_IP_PER_HOUR: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(DEFAULT_EMAIL_SENDS_PER_IP_PER_HOUR)),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(LOG_LEVELS).default('info')),
  /** `on` / `off`: check every callable's answer against its contract (default on outside production). */
  CHECK_FUNCTION_OUTPUT: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).optional()),
  /** Campaign messages one store may send per second (every server together). */
  EMAIL_CAMPAIGN_RATE_PER_STORE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(DEFAULT_EMAIL_CAMPAIGN_RATES.perStorePerSecond)),
  /** Campaign messages the whole platform may send per second (every store and server together). */
  EMAIL_CAMPAIGN_RATE_PLATFORM: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_EMAIL_CAMPAIGN_RATES.platformPerSecond)),
  /** How long a sender holds campaign recipients before another server may take them over (after a crash). */
  EMAIL_CAMPAIGN_LEASE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(2).max(3_600).default(DEFAULT_EMAIL_CAMPAIGN_RATES.leaseSeconds)),
  /** Crash drills only (honoured with NODE_ENV=test): where an automation email send waits, so a SIGKILL lands there. */
  AUTOMATION_DRILL_HOLD: z.preprocess(emptyAsUndefined, z.enum(['after-accept', 'after-mark']).optional()),
  /** Addresses/CIDRs of reverse proxies whose X-Forwarded-For is believed (SECURITY: rate limits). */
  TRUST_PROXY: commaList.pipe(
    z
      .array(z.string().regex(/^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i, 'Expected IP addresses or CIDRs such as 10.0.0.0/8, or loopback'))
      .optional(),
  ),
  /**
   * Keys the HMAC of verification codes and the encryption of TOTP secrets. Absent: one
   * is generated into `${DATA_DIR}/app-secret`; servers sharing one database must share it.
   */
  APP_SECRET: optionalString.pipe(z.string().min(32, 'Expected at least 32 characters').optional()),
  /** Name servers for custom-domain TXT checks; unset: the system's resolver configuration. */
  DNS_SERVERS: commaList.pipe(
    z
      .array(z.string().refine(isDnsServer, { message: 'Expected IP addresses with an optional port, such as 1.1.1.1, 127.0.0.1:5353 or [::1]:53' }))
      .optional(),
  ),
  ...EMAIL_ENV_SHAPE,
  ...OAUTH_ENV_SHAPE,
  ...PAYMENTS_ENV_SHAPE,
  ...STORAGE_ENV_SHAPE,
  ...ANALYTICS_ENV_SHAPE,
  ...CLUSTER_ENV_SHAPE,
  ...REGIONS_ENV_SHAPE,
  ...CURRENCY_ENV_SHAPE,
  ...FRONT_ENV_SHAPE,
})
  // `when`: the cross-variable email rules are listed together with every other bad variable.
  .superRefine(checkEmailEnv, { when: () => true })
  .superRefine(checkOAuthEnv, { when: () => true })
  .superRefine(checkPaymentsEnv, { when: () => true })
  .superRefine(checkStorageEnv, { when: () => true })
  .superRefine(checkFrontEnv, { when: () => true });

export interface Env {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** Absent: the server runs its own embedded PostgreSQL under `${dataDir}/postgres`. */
  databaseUrl: string | null;
  nodeEnv: (typeof NODE_ENVS)[number];
  /** Whether a callable's answer is checked against its contract before it is sent (extra CPU). */
  checkFunctionOutput: boolean;
  /** Without a trailing slash. */
  publicUrl: string;
  productHosts: string[];
  corsOrigins: string[];
  bioDomain: string | null;
  bodyLimitBytes: number;
  /** How many identity emails (codes, sign-in links) one client address may cause per hour. */
  emailSendsPerIpPerHour: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Null: identity/app-secret.ts generates one under dataDir. */
  appSecret: string | null;
  /** Proxies trusted for X-Forwarded-For; empty means the socket address is the client. */
  trustProxy: string[];
  /** `ip`, `ip:port` or `[ipv6]:port` for `Resolver.setServers`; empty means the system's name servers. */
  dnsServers: string[];
  /** The email provider chosen by EMAIL_PROVIDER (outbox by default) and its settings. */
  email: EmailConfig;
  /** Campaign sending: per-store and platform-wide messages per second, and the sender lease. */
  emailCampaigns: {
    perStorePerSecond: number;
    platformPerSecond: number;
    leaseMs: number;
    /** Crash drills only: where an automation email send waits (domain/automations/drill-hold.ts). */
    drillHold?: 'after-accept' | 'after-mark' | undefined;
  };
  /** Social and OpenID Connect sign-in providers; each null unless its variables are set. */
  oauth: OAuthConfig;
  /** Stripe Connect when configured, and whether the test provider may take checkouts. */
  payments: PaymentsConfig;
  /** Where uploaded files live (disk or S3) and the product file size limit. */
  storage: StorageConfig;
  /** Privacy-first analytics: on by default, raw-event retention, beacon rate limits. */
  analytics: AnalyticsConfig;
  /** Server processes sharing the port (WEB_CONCURRENCY; 1: no cluster). */
  webConcurrency: number;
  /** MALLOC_ARENA_MAX as the operator set it; the cluster primary forks its workers with it, or with the server's default (process/node-flags.ts). */
  mallocArenaMax?: number | undefined;
  /** This server's data region, its mirror and where the other regions answer. */
  regions: RegionsConfig;
  /** Which proxy headers carry the visitor's country, and the exchange-rate source. */
  currency: CurrencyConfig;
  /** Shared caches in front (s-maxage, stale-while-revalidate), the CDN purger and the page cache's byte bound. */
  front: FrontConfig;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/**
 * Parses a whole environment; throws EnvError listing every bad variable. A relative DATA_DIR is
 * resolved against the directory npm was started in (INIT_CWD), else the process's own, so
 * `npm start` and `npm run db:migrate` at the repo root (which npm runs inside apps/server) agree.
 */
export function parseEnv(
  source: Record<string, string | undefined>,
  cwd: string = source.INIT_CWD || process.cwd(),
): Env {
  const parsed = RawEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const raw = parsed.data;
  const parsedUrl = new URL(raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`);
  const publicUrl = `${parsedUrl.origin}${parsedUrl.pathname}`.replace(/\/+$/, '');
  const publicHost = parsedUrl.hostname;
  const productHosts = raw.PRODUCT_HOSTS ?? [publicHost, 'localhost', '127.0.0.1'];
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: resolve(cwd, raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL ?? null,
    nodeEnv: raw.NODE_ENV,
    checkFunctionOutput: raw.CHECK_FUNCTION_OUTPUT === 'on' || (raw.CHECK_FUNCTION_OUTPUT !== 'off' && raw.NODE_ENV !== 'production'),
    publicUrl,
    productHosts: [...new Set(productHosts.map((host) => host.toLowerCase()))],
    corsOrigins: (raw.CORS_ORIGINS ?? [publicUrl]).map((origin) => new URL(origin).origin),
    bioDomain: raw.BIO_DOMAIN?.toLowerCase() ?? null,
    bodyLimitBytes: raw.BODY_LIMIT_BYTES,
    emailSendsPerIpPerHour: raw.EMAIL_SENDS_PER_IP_PER_HOUR,
    logLevel: raw.LOG_LEVEL,
    appSecret: raw.APP_SECRET ?? null,
    trustProxy: raw.TRUST_PROXY ?? [],
    dnsServers: raw.DNS_SERVERS ?? [],
    email: emailConfigFromEnv(raw),
    emailCampaigns: {
      perStorePerSecond: raw.EMAIL_CAMPAIGN_RATE_PER_STORE,
      platformPerSecond: raw.EMAIL_CAMPAIGN_RATE_PLATFORM,
      leaseMs: raw.EMAIL_CAMPAIGN_LEASE_SECONDS * 1000,
      ...(raw.NODE_ENV === 'test' && raw.AUTOMATION_DRILL_HOLD ? { drillHold: raw.AUTOMATION_DRILL_HOLD } : {}),
    },
    oauth: oauthConfigFromEnv(raw),
    payments: paymentsConfigFromEnv(raw, raw.NODE_ENV),
    storage: storageConfigFromEnv(raw),
    analytics: analyticsConfigFromEnv(raw),
    webConcurrency: webConcurrencyFromEnv(raw, raw.NODE_ENV),
    ...(raw.MALLOC_ARENA_MAX === undefined ? {} : { mallocArenaMax: raw.MALLOC_ARENA_MAX }),
    regions: regionsConfigFromEnv(raw),
    currency: currencyConfigFromEnv(raw),
    front: frontConfigFromEnv(raw),
  };
}

/** The process's own environment: the only read of `process.env` in the server. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}

/** What `Resolver.setServers` takes: an IP, `ipv4:port` or `[ipv6]:port`, the port 1–65535. */
function isDnsServer(value: string): boolean {
  if (isIP(value)) return true;
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  if (!match) return false;
  const port = Number(match[3]);
  const ok = match[1] === undefined ? isIP(match[2] ?? '') === 4 : isIP(match[1]) === 6;
  return ok && port >= 1 && port <= 65535;
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}
