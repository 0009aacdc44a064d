import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations to ./drizzle; the server applies them at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
});
