import { z } from 'zod';

/**
 * What the server tells the web app about itself. The server writes it into every HTML page as
 * `<script type="application/json" id="shopfront-config">…</script>` (data, not script, so the
 * CSP needs no exception); the web app reads it before resolving the app mode.
 */
export const ClientConfigSchema = z.object({
  /** Hosts (without port) on which the product itself is served: landing and dashboard live here. */
  productHosts: z.array(z.string()),
  /** `development` shows the red emulator banner (spec §2). */
  environment: z.enum(['development', 'test', 'production']),
  publicUrl: z.string(),
  /** Parent domain of bio subdomains (`{name}.{bioDomain}`), when configured. */
  bioDomain: z.string().nullable(),
  /**
   * Each data region's public origin when the platform runs in two regions (docs/regions.md):
   * store lookups go to the visitor's nearest region first, then us-central. Absent: one region.
   */
  regions: z.object({ 'us-central': z.string().optional(), sydney: z.string().optional() }).optional(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

// In its own module (no zod), so the web app can find the element without the schema.
export { CLIENT_CONFIG_ELEMENT_ID, SESSION_BOOT_ELEMENT_ID } from './client-config-element.ts';
