import { AppError } from '@shopfront/core';
import fastify, { LogController, type FastifyInstance } from 'fastify';
import { createAnalyticsBuffer, type AnalyticsBuffer, type AnalyticsBufferOptions } from './analytics/analytics-buffer.ts';
import { createViewRecorder } from './analytics/record-view.ts';
import { createDb, type Database } from './db/client.ts';
import { createAnalyticsWriter } from './domain/analytics/ingest/create-analytics-writer.ts';
import { createFeatureFlagCache, type FeatureFlagCache } from './domain/platform/feature-flag-cache.ts';
import { createStorefrontLoader } from './domain/storefront/create-storefront-loader.ts';
import { createWebsiteLoader } from './domain/storefront/create-website-loader.ts';
import type { Env } from './env.ts';
import { buildFunctionTable, type FunctionTable } from './functions/index.ts';
import { sendError } from './http/callable/callable-reply.ts';
import { createAnswerCache, type AnswerCache } from './http/callable/answer-cache.ts';
import { callableRoutes } from './http/callable/callable.ts';
import { checkoutRoutes } from './http/routes/checkout/checkout-routes.ts';
import { membershipCheckoutRoutes } from './http/routes/membership-checkout/membership-checkout-routes.ts';
import { billingTestRoutes } from './http/routes/billing/billing-test-routes.ts';
import { affiliatePayoutExportRoutes } from './http/routes/exports/affiliate-payout-exports.ts';
import { customerExportRoutes } from './http/routes/exports/customer-exports.ts';
import { debugMailboxRoutes } from './http/routes/debug-mailbox/debug-mailbox.ts';
import { smtp2goWebhookRoutes } from './http/routes/email-webhooks/smtp2go-webhook-routes.ts';
import { downloadRoutes } from './http/routes/downloads/download-routes.ts';
import { courseMediaRoutes } from './http/routes/course-media/course-media-routes.ts';
import { bookingFeedRoutes } from './http/routes/booking-feed/booking-feed-route.ts';
import { emailLinkRoutes } from './http/routes/email-links/email-link-routes.ts';
import { consentRoutes } from './http/routes/email-links/consent-routes.ts';
import { inviteRefusalRoutes } from './http/routes/email-links/invite-refusal-routes.ts';
import { orderExportRoutes } from './http/routes/exports/order-exports.ts';
import { healthRoutes } from './http/routes/health/health.ts';
import { analyticsRoutes } from './http/routes/analytics/analytics-routes.ts';
import { currencyRoutes } from './http/routes/currency/currency-routes.ts';
import { withoutQueryValues } from './http/log-url.ts';
import { oauthRoutes } from './http/routes/oauth/oauth-routes.ts';
import { productFileRoutes } from './http/routes/uploads/product-files.ts';
import { lessonUploadRoutes } from './http/routes/course-uploads/lesson-upload-routes.ts';
import { resumableUploadRoutes } from './http/routes/resumable-uploads/resumable-upload-routes.ts';
import { appSecurityHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { createKeptReadLane, type KeptReadLane } from './http/callable/kept-read-lane.ts';
import { registerAnswerCompression } from './http/compress-answers.ts';
import { idleTimerOnly, SERVER_TIMEOUTS, serverTimeoutOptions, type ServerTimeouts } from './http/server-timeouts.ts';
import { storePreviewEventsRoutes } from './http/routes/preview-events/store-preview-events.ts';
import { registerStorefrontRoutes } from './http/routes/storefront/storefront-routes.ts';
import { registerWebsiteRoutes } from './http/routes/storefront/website-routes.ts';
import { dropInvalidHeaders } from './http/callable/callable-reply.ts';
import { isHeaderError, toWireFailure } from './http/callable/to-wire-error.ts';
import { uploadRoutes } from './http/routes/uploads/uploads.ts';
import { spaPageStatus } from './http/routes/web-app/spa-page-status.ts';
import { sessionBootElement } from './http/routes/web-app/session-boot.ts';
import { clientConfigFor, createSpaPage, renderConfigElement, webAppRoutes } from './http/routes/web-app/web-app.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import { createLogger, type Logger } from './logger.ts';
import { WEB_DIST_DIR } from './paths.ts';
import { enqueueCdnPurge } from './storefront/cdn-purge-job.ts';
import { createStorefrontService, DEFAULT_CACHE_LIMITS, type StorefrontService } from './storefront/storefront-service.ts';
import { forwardToPrimaryRoutes } from './http/routes/regions/forward-to-primary.ts';
import { createMirrorMonitor, type MirrorMonitor } from './regions/mirror-monitor.ts';
import type pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's storefront page cache: the HTML routes and getStorefront read the same one. */
    storefront: StorefrontService;
    /** The app's feature-flag cache (handlers read it through the function context). */
    featureFlags: FeatureFlagCache;
    /** The analytics ingest buffer (page views and beacons), flushed every second and on close. */
    analytics: AnalyticsBuffer;
    /** Dashboard reads kept per store (http/callable/answer-cache.ts). */
    dashboardAnswers: AnswerCache;
    /** Kept reads answered before Fastify (http/callable/kept-read-lane.ts); absent where calls are forwarded to the primary. */
    keptReadLane?: KeptReadLane;
  }
}

export interface AppDeps {
  env: Env;
  db: Database;
  /** Defaults to a JSON logger at LOG_LEVEL on stdout. */
  logger?: Logger;
  /** Defaults to every contract of @shopfront/core with its handler. */
  functions?: FunctionTable;
  /** Defaults to apps/web/dist. */
  webDistDir?: string;
  now?: () => Date;
  /** The durable job runner (main.ts starts it); closing the app drains it after the requests. */
  jobs?: JobRunner;
  /** Defaults to SERVER_TIMEOUTS; tests shorten them. */
  timeouts?: ServerTimeouts;
  /**
   * This region's mirror of the primary (env.regions.mirrorDatabaseUrl, docs/regions.md): visitor
   * reads use it while the monitor finds it streaming within the lag limit.
   */
  mirror?: { pool: pg.Pool; connectionString: string; isPrepared?: () => boolean; intervalMs?: number };
  /** A cluster worker's view of every worker's readiness (process/cluster-worker.ts): /readyz follows it. */
  cluster?: () => { ready: number; total: number };
  /** Test seam: the analytics buffer's limits, clock or writer. */
  analytics?: Partial<Omit<AnalyticsBufferOptions, 'log' | 'enabled'>>;
}

/** The whole HTTP surface; main.ts only adds listening and shutdown. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, db } = deps;
  const now = deps.now ?? (() => new Date());
  const webDistDir = deps.webDistDir ?? WEB_DIST_DIR;
  const app = fastify({
    loggerInstance: deps.logger ?? createLogger(env),
    bodyLimit: env.bodyLimitBytes,
    ...serverTimeoutOptions(deps.timeouts ?? SERVER_TIMEOUTS),
    logController: new LogController({ disableRequestLogging: true }),
    // SECURITY: X-Forwarded-For is believed only from the configured proxies, so rotating it
    // cannot reset per-IP limits.
    trustProxy: env.trustProxy.length > 0 ? env.trustProxy : false,
  }) as unknown as FastifyInstance;
  idleTimerOnly(app.server);

  // Not async, and nothing built when `info` is off: this runs after every request.
  app.addHook('onResponse', (request, reply, done) => {
    if ((request.log as Logger).isLevelEnabled('info')) {
      request.log.info(
        { method: request.method, url: withoutQueryValues(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    }
    done();
  });
  app.setErrorHandler((error, request, reply) => {
    if (isHeaderError(error)) dropInvalidHeaders(reply);
    const failure = toWireFailure(error, request.log, env.bodyLimitBytes);
    return sendError(request, reply, failure.error, failure.httpStatus);
  });

  const sendSpaPage = createSpaPage({ webDistDir, env, sessionBoot: (request) => sessionBootElement(request, { db, now }) });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Machine paths answer a JSON 404; everything else is a page the web app resolves.
    const isApiPath = ['/fn', '/api', '/files', '/auth', '/assets'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath) {
      return sendSpaPage(reply, await spaPageStatus({ db, host: request.headers.host ?? '', path, productHosts: env.productHosts }));
    }
    return sendError(request, reply, new AppError('not-found'), 404);
  });

  // Visitor reads: the region's mirror while the monitor says it is current, else the primary.
  const mirrorDb = deps.mirror ? createDb(deps.mirror.pool) : null;
  let monitor: MirrorMonitor | null = null;
  const visitorDb = (): Database => (mirrorDb && monitor?.usesMirror() && storefront.isMirrorListening() ? mirrorDb : db);
  const readDbs = { primary: db, visitor: visitorDb };
  const storefront = createStorefrontService({
    db,
    loader: createStorefrontLoader(readDbs, { publicUrl: env.publicUrl }),
    websiteLoader: createWebsiteLoader(readDbs, { publicUrl: env.publicUrl }),
    visitorDb,
    ...(deps.mirror ? { mirrorConnection: deps.mirror.connectionString } : {}),
    webDistDir,
    configElement: renderConfigElement(clientConfigFor(env)),
    log: app.log.child({ component: 'storefront' }),
    limits: { ...DEFAULT_CACHE_LIMITS, maxBytes: env.front.pageCacheMaxBytes },
    // A CDN in front forgets the store's pages too: one purge job per change, whichever server hears it first.
    ...(env.front.purge.kind === 'none'
      ? {}
      : { onStoreChanged: (storeId: string) => void enqueueCdnPurge(db, storeId).catch((error: unknown) => app.log.warn({ err: error, storeId }, 'could not enqueue the CDN purge')) }),
  });
  app.decorate('storefront', storefront);
  app.addHook('onClose', () => storefront.close());
  const { mirror } = deps;
  if (mirror) {
    const regionMonitor = createMirrorMonitor({
      region: env.regions.region,
      primary: db,
      mirror: mirror.pool,
      maxLagMs: env.regions.maxLagMs,
      log: app.log.child({ component: 'regions' }),
      isMirrorListening: () => storefront.isMirrorListening() && (mirror.isPrepared?.() ?? true),
      // Pages read from one database are not kept once reads move to the other.
      onReadsChanged: () => storefront.invalidateAll(),
      ...(mirror.intervalMs ? { intervalMs: mirror.intervalMs } : {}),
    });
    monitor = regionMonitor;
    regionMonitor.start();
    app.addHook('onClose', () => regionMonitor.stop());
  }
  const featureFlags = createFeatureFlagCache({ db, log: app.log.child({ component: 'feature-flags' }) });
  app.decorate('featureFlags', featureFlags);
  app.addHook('onClose', () => featureFlags.close());

  // Analytics (docs/analytics.md): the request path pushes onto the buffer; it writes off the request path.
  const analytics = createAnalyticsBuffer({
    write: createAnalyticsWriter({ db, now }),
    log: app.log.child({ component: 'analytics' }),
    enabled: env.analytics.enabled,
    ...deps.analytics,
  });
  app.decorate('analytics', analytics);
  analytics.start();
  app.addHook('onClose', () => analytics.close());
  const views = env.analytics.enabled ? createViewRecorder(analytics, { trustProxy: env.trustProxy }) : undefined;

  // Function answers and other per-request JSON and HTML, compressed when big enough (http/compress-answers.ts).
  registerAnswerCompression(app);
  await registerSecurityHeaders(app, env);
  // A secondary region forwards every function call but the mirrored reads to the primary's server.
  const forwardsToPrimary = Boolean(env.regions.primaryUrl && env.regions.region !== 'us-central');
  if (forwardsToPrimary && env.regions.primaryUrl) await forwardToPrimaryRoutes(app, { primaryUrl: env.regions.primaryUrl });
  // Server-rendered, cached storefronts (an onRequest hook, so on the root instance) and their JSON.
  await registerStorefrontRoutes(app, { env, db, service: storefront, now, views });
  // Website pages (and their sitemap, robots.txt, email signup) after the storefront's hook.
  await registerWebsiteRoutes(app, { env, db, service: storefront, now, views });
  await app.register(healthRoutes, {
    db,
    analytics: analytics.counters,
    pageCache: storefront.pageCacheReport,
    region: env.regions.region,
    ...(monitor ? { replication: (monitor as MirrorMonitor).state } : {}),
    ...(deps.cluster ? { cluster: deps.cluster } : {}),
  });
  await app.register(analyticsRoutes, { env, db, analytics });
  // The visitor's currency and the approximate rate from the store's (docs/currency.md).
  await app.register(currencyRoutes, { env, db, now });
  // The dev mailbox does not exist in production (those paths get the SPA, like any other).
  if (env.nodeEnv !== 'production') await app.register(debugMailboxRoutes, { db });
  // Dashboard reads kept per store, dropped by `dashboard_changed` (http/callable/answer-cache.ts).
  const answers = createAnswerCache({ db, log: app.log.child({ component: 'dashboard-answers' }) });
  app.decorate('dashboardAnswers', answers);
  app.addHook('onClose', () => answers.close());
  const functions = deps.functions ?? buildFunctionTable(env);
  await app.register(callableRoutes, { env, db, functions, now, storefront, featureFlags, answers });
  // Kept dashboard reads answered before Fastify (http/callable/kept-read-lane.ts); a secondary
  // region forwards those calls to the primary instead.
  if (!forwardsToPrimary) {
    const lane = createKeptReadLane({ env, db, now, functions, answers, securityHeaders: Object.entries(appSecurityHeaders(env)).flat() });
    app.decorate('keptReadLane', lane);
    app.addHook('onReady', async () => lane.install(app.server));
  }
  // Social / OpenID Connect sign-in: /auth/oauth/:provider/start and /callback.
  await app.register(oauthRoutes, { env, db, now });
  // Store builder: live preview over SSE, image uploads and the files they serve.
  await app.register(storePreviewEventsRoutes, { db, now });
  await app.register(uploadRoutes, { env, db, now });
  await app.register(productFileRoutes, { env, db, now, answers });
  await app.register(lessonUploadRoutes, { env, db, now });
  await app.register(resumableUploadRoutes, { env, db, now, answers });
  // Checkout: the test provider's card page and the Stripe webhook.
  await app.register(checkoutRoutes, { env, db, now });
  await app.register(membershipCheckoutRoutes, { env, db, now });
  // Email: a store's smtp2go delivery events (bounces, complaints, opens, clicks).
  await app.register(smtp2goWebhookRoutes, { env, db, now });
  await app.register(billingTestRoutes, { env, db, now });
  await app.register(downloadRoutes, { env, db, now });
  await app.register(courseMediaRoutes, { env, db, now });
  // A creator's private calendar feed of their bookings.
  await app.register(bookingFeedRoutes, { db, now });
  await app.register(orderExportRoutes, { env, db, now });
  await app.register(customerExportRoutes, { db, now });
  await app.register(affiliatePayoutExportRoutes, { db, now, featureFlags });
  // Campaign mail's public links: unsubscribe page and one-click POST, click redirect, open pixel.
  await app.register(emailLinkRoutes, { env, db, now });
  // The link that lets an address which unsubscribed opt back in (sent when a checkout asks).
  await app.register(consentRoutes, { env, db, now });
  // An affiliate invitation's link that refuses further invitations from the store.
  await app.register(inviteRefusalRoutes, { env, db, now });
  await app.register(webAppRoutes, { webDistDir });
  const jobs = deps.jobs;
  if (jobs) app.addHook('onClose', () => jobs.stop());
  return app;
}
