import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { create as createTar, extract as extractTar } from 'tar';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { APP_SECRET_FILE, getAppSecret } from '../identity/app-secret.ts';
import { adminAuditLog } from '../db/schema/index.ts';
import { CLI_ACTOR } from '../domain/admin/admin-audit.ts';
import type { FileStorage } from '../files/file-storage.ts';
import { CommandError } from './admin-args.ts';
import { appliedMigrations, dumpDatabase, readSnapshotHeader, restoreDatabase } from './database-snapshot.ts';

/** `manifest.json` in a backup: what it holds and the SHA-256 of every part. */
export interface BackupManifest {
  format: 'shopfront-backup';
  version: 1;
  createdAt: string;
  database: { path: 'database.dump'; sizeBytes: number; sha256: string; migrations: number; rows: Record<string, number> };
  files: { key: string; path: string; sizeBytes: number; sha256: string }[];
  /** `file`: DATA_DIR's generated app-secret travels in the backup (`app-secret`); `env`: APP_SECRET is set and must be the same. */
  appSecret: 'file' | 'env';
  appSecretSha256: string | null;
  counts: { stores: number; products: number; orders: number; customers: number; users: number; files: number };
}

const DATABASE_PART = 'database.dump';

const SECRET_PART = APP_SECRET_FILE;

interface BackupDeps {
  env: Pick<Env, 'appSecret' | 'dataDir'>;
  pool: pg.Pool;
  db: Database;
  storage: FileStorage;
  now: Date;
}

/** Refusals that need no database: checked before the CLI connects to (or creates) one. */
export function checkBackupPath(command: { name: 'backup' | 'restore'; file: string }): void {
  const path = resolve(command.file);
  if (command.name === 'restore' && !existsSync(path)) throw new CommandError(`No backup file at ${path}.`);
  if (command.name === 'backup' && !existsSync(dirname(path))) throw new CommandError(`No such folder: ${dirname(path)}`);
  if (command.name === 'backup' && existsSync(path)) throw new CommandError(`${path} already exists; choose another name or remove it first.`);
}

/** `admin backup <file>`: database snapshot, then every stored file, into one tar. */
export async function runBackup(file: string, deps: BackupDeps): Promise<string> {
  checkBackupPath({ name: 'backup', file });
  const target = resolve(file);
  const staging = await mkdtemp(join(tmpdir(), 'shopfront-backup-'));
  try {
    const dumpPath = join(staging, DATABASE_PART);
    const header = await dumpDatabase(deps.pool, dumpPath);
    const files: BackupManifest['files'] = [];
    for (const key of await storedKeys(deps.pool, deps.storage)) {
      const found = await deps.storage.getStream(key);
      if (!found) continue; // deleted since the listing
      const path = `files/${key}`;
      await mkdir(dirname(join(staging, path)), { recursive: true });
      const hash = createHash('sha256');
      found.stream.on('data', (chunk: Buffer) => hash.update(chunk));
      await pipeline(found.stream, createWriteStream(join(staging, path)));
      files.push({ key, path, sizeBytes: (await stat(join(staging, path))).size, sha256: hash.digest('hex') });
    }
    const rows = header.tables;
    // Sessions, download links and TOTP secrets are bound to the app secret: without APP_SECRET it lives in DATA_DIR.
    const appSecret = deps.env.appSecret ? 'env' : 'file';
    if (appSecret === 'file') await writeFile(join(staging, SECRET_PART), getAppSecret(deps.env), { mode: 0o600 });
    const manifest: BackupManifest = {
      format: 'shopfront-backup',
      version: 1,
      createdAt: deps.now.toISOString(),
      database: { path: DATABASE_PART, sizeBytes: (await stat(dumpPath)).size, sha256: await sha256Of(dumpPath), migrations: header.migrations.length, rows },
      files,
      appSecret,
      appSecretSha256: appSecret === 'file' ? await sha256Of(join(staging, SECRET_PART)) : null,
      counts: {
        stores: rows.stores ?? 0,
        products: rows.products ?? 0,
        orders: rows.orders ?? 0,
        customers: rows.customers ?? 0,
        users: rows.users ?? 0,
        files: files.length,
      },
    };
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${target}.partial`;
    await createTar({ file: partial, cwd: staging, portable: true }, ['manifest.json', DATABASE_PART, ...(appSecret === 'file' ? [SECRET_PART] : []), ...(files.length > 0 ? ['files'] : [])]);
    await rename(partial, target);
    await audit(deps.db, 'backup', target, `sha256 ${await sha256Of(target)}`, deps.now);
    return `Backed up ${describe(manifest)} to ${target} (${(await stat(target)).size} bytes; recorded in the admin audit log).`;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

interface RestoreDeps extends BackupDeps {
  force: boolean;
}

/**
 * `admin restore <file> [--force]`: checks the manifest and every checksum before touching
 * anything; refuses a database that already has stores unless --force; writes the files, then
 * replaces the rows in one transaction.
 */
export async function runRestore(file: string, deps: RestoreDeps): Promise<string> {
  checkBackupPath({ name: 'restore', file });
  const source = resolve(file);
  const staging = await mkdtemp(join(tmpdir(), 'shopfront-restore-'));
  try {
    const manifest = await unpackAndVerify(source, staging);
    const client = await deps.pool.connect();
    try {
      const here = await appliedMigrations(client);
      const header = await readSnapshotHeader(join(staging, DATABASE_PART));
      if (here.join() !== header.migrations.join()) {
        throw new CommandError(
          `The backup was made at database version ${header.migrations.length} and this server is at ${here.length}: restore it with the Shopfront version that made it.`,
        );
      }
      const stores = Number((await client.query<{ n: string }>('select count(*) as n from stores')).rows[0]?.n ?? 0);
      if (stores > 0 && !deps.force) {
        throw new CommandError(`This database already has ${stores} store(s); restoring would replace them. Add --force to replace everything.`);
      }
    } finally {
      client.release();
    }
    for (const entry of manifest.files) {
      await deps.storage.putStream(entry.key, createReadStream(join(staging, entry.path)));
    }
    await restoreDatabase(deps.pool, join(staging, DATABASE_PART));
    let secretNote = '';
    if (manifest.appSecret === 'file' && !deps.env.appSecret) {
      await mkdir(deps.env.dataDir, { recursive: true });
      await copyFile(join(staging, SECRET_PART), join(deps.env.dataDir, APP_SECRET_FILE));
      await chmod(join(deps.env.dataDir, APP_SECRET_FILE), 0o600);
    } else if (manifest.appSecret === 'file') {
      secretNote = ' APP_SECRET is set, so the backup\'s app-secret was not used: sessions, download links and two-factor secrets need the secret of the backed-up server.';
    } else {
      secretNote = ' Run the server with the same APP_SECRET as the backed-up one.';
    }
    await audit(deps.db, 'restore', source, `backup of ${manifest.createdAt}${deps.force ? ', --force' : ''}`, deps.now);
    return `Restored ${describe(manifest)} from ${source} (backup of ${manifest.createdAt}; recorded in the admin audit log).${secretNote} Restart the server.`;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function describe(manifest: BackupManifest): string {
  const { stores, products, orders, customers, users, files } = manifest.counts;
  return `${stores} store(s), ${products} product(s), ${orders} order(s), ${customers} customer(s), ${users} user(s) and ${files} file(s)`;
}

async function unpackAndVerify(source: string, staging: string): Promise<BackupManifest> {
  const corrupt = (why: string) => new CommandError(`${source} is not a usable Shopfront backup: ${why}. Nothing was changed.`);
  try {
    await extractTar({ file: source, cwd: staging, strict: true });
  } catch (error) {
    throw corrupt(`it cannot be read as a backup archive (${error instanceof Error ? error.message : String(error)})`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw corrupt('manifest.json is missing or unreadable');
  }
  if (manifest.format !== 'shopfront-backup' || manifest.version !== 1) throw corrupt(`unknown format ${JSON.stringify(manifest.format)} version ${String(manifest.version)}`);
  const parts: { path: string; sha256: string }[] = [{ path: manifest.database.path, sha256: manifest.database.sha256 }, ...manifest.files];
  if (manifest.appSecret === 'file') parts.push({ path: SECRET_PART, sha256: manifest.appSecretSha256 ?? '' });
  for (const part of parts) {
    const path = join(staging, part.path);
    if (!path.startsWith(staging) || !existsSync(path)) throw corrupt(`${part.path} is missing`);
    if ((await sha256Of(path)) !== part.sha256) throw corrupt(`the checksum of ${part.path} does not match the manifest`);
  }
  return manifest;
}

/** Every file the stores hold: their images (`<storeId>/…`) and product files (`<storeId>/products/…`). */
async function storedKeys(pool: pg.Pool, storage: FileStorage): Promise<string[]> {
  const stores = await pool.query<{ id: string }>('select id from stores order by id');
  const recorded = await pool.query<{ key: string }>('select storage_key as key from product_files');
  const keys = new Set<string>();
  for (const { id } of stores.rows) {
    for (const listed of [...(await storage.list(id)), ...(await storage.list(`${id}/products`))]) keys.add(listed.key);
  }
  for (const { key } of recorded.rows) keys.add(key);
  return [...keys].sort();
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function audit(db: Database, action: 'backup' | 'restore', target: string, reason: string, now: Date): Promise<void> {
  await db.insert(adminAuditLog).values({ actorId: CLI_ACTOR, targetId: target, action, reason, createdAt: now });
}
