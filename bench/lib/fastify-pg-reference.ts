import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { stopChild } from './nginx.ts';

/**
 * A bare Fastify + pg server answering `POST /reference` with one indexed query: the creator a
 * Bearer session names (`sessions.token_hash` unique index, joined to `users` by primary key), as
 * `{result}` JSON. No hooks, no schemas, no ownership check, a pool of 10 like the app's. Every
 * authenticated dashboard call does at least this much, so it is the ceiling a dashboard call can
 * approach (beside node-ceiling.ts, the ceiling of a Node server answering from memory).
 */
const SCRIPT = `
const { createHash } = require('node:crypto');
const fastify = require('fastify')({ logger: false });
const pg = require('pg');
const pool = new pg.Pool({ connectionString: process.argv[1], max: 10 });
const QUERY = {
  name: 'reference-session',
  text: 'select u.id, u.email, u.display_name, u.first_name, u.last_name, u.role, u.is_admin, u.has_store, u.active_store_id, u.plan_id ' +
        'from sessions s join users u on u.id = s.user_id where s.token_hash = $1 and s.realm = $2 and s.expires_at > now()',
};
fastify.post('/reference', async (request, reply) => {
  const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
  const hash = createHash('sha256').update(token, 'utf8').digest('hex');
  const { rows } = await pool.query({ ...QUERY, values: [hash, 'platform'] });
  if (!rows[0]) return reply.code(401).send({ error: { status: 'UNAUTHENTICATED' } });
  return { result: rows[0] };
});
fastify.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(fastify.server.address().port));
`;

export async function startFastifyPgReference(connectionString: string) {
  // Started from the repository root so \`require\` finds the app's own fastify and pg.
  const child = spawn(process.execPath, ['-e', SCRIPT, connectionString], { cwd: join(import.meta.dirname, '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`fastify + pg reference exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/reference`, pid: child.pid!, stop: () => stopChild(child) };
}
