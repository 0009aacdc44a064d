import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { webDistForTests } from './web-build.ts';

/** A test app that renders storefronts (the web build) and caches them (LISTEN is up). */
export async function createStorefrontTestApp(options: Omit<TestAppOptions, 'webDistDir'> = {}): Promise<TestApp> {
  const app = await createTestApp({ ...options, webDistDir: await webDistForTests() });
  await app.app.storefront.ready();
  return app;
}
