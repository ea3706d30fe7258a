// Runs N X-Trader instances as one system on PostgreSQL + Redis, behind a small round-robin proxy (HTTP and
// WebSocket upgrades, no stickiness). Usage: npm run cluster -- [N]   (docs/deploy.md, "Several instances")
//
// Environment (all optional):
//   DATABASE_URL     postgres://postgres@127.0.0.1:5432/xtrader (the database is created when missing)
//   REDIS_URL        redis://127.0.0.1:6379
//   XT_PROXY_PORT    8080, the proxy's port (0: any free port)
//   XT_CLUSTER_PORT  8081, the first instance's port; the others follow
//   XT_SECRET_KEY    shared by every instance; when unset one is generated into <XT_DATA_DIR>/cluster-secret.key
//   XT_DATA_DIR      ./data; each instance gets <XT_DATA_DIR>/cluster/node-<i>
// Any other variable (XT_REDIS_PREFIX, LOG_LEVEL, XT_FEED...) is passed to every instance.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startProxy } from './cluster-proxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error('usage: npm run cluster -- <instances, 1 to 32>');
  process.exit(2);
}
const env = process.env;
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/xtrader';
const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
const proxyPort = Number(env.XT_PROXY_PORT ?? 8080);
const firstPort = Number(env.XT_CLUSTER_PORT ?? 8081);
const dataDir = path.resolve(env.XT_DATA_DIR || './data');
const log = (message) => console.log(`[cluster] ${message}`);

/** The database is created on first use, as `npm start` creates its SQLite file. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[\w-]+$/.test(name)) throw new Error(`DATABASE_URL names no plain database: ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name}"`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** Every instance must sign and read tokens with one key; a generated one is kept so restarts keep sessions. */
function sharedSecret() {
  if (env.XT_SECRET_KEY) return env.XT_SECRET_KEY;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'cluster-secret.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** Resolves once `GET /ready` on `port` answers 200; rejects when the instance exits first. */
async function whenReady(port, child, id) {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${id} exited before it was ready`);
    const ready = await fetch(`http://127.0.0.1:${port}/v1/options-x/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return port;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts instance `i` on its port; `ready` resolves with the port once the instance is ready. */
function startInstance(i, secret) {
  const id = `node-${i}`;
  const port = firstPort + i - 1;
  const instanceDir = path.join(dataDir, 'cluster', id);
  mkdirSync(instanceDir, { recursive: true, mode: 0o700 });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      XT_SECRET_KEY: secret,
      XT_DATA_DIR: instanceDir,
      XT_INSTANCE_ID: id,
      // The proxy sets X-Forwarded-For: the rate limits count clients, not the proxy.
      XT_TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      const lines = (buffered + chunk.toString()).split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${id}] ${line}\n`);
    });
  }
  child.once('exit', (code, signal) => log(`${id} (pid ${child.pid}) exited: ${signal ?? code}`));
  return { id, child, port, ready: whenReady(port, child, id) };
}

const instances = [];

async function main() {
  await ensureDatabase(databaseUrl);
  const secret = sharedSecret();
  // The first instance migrates the database alone; the others then start together.
  instances.push(startInstance(1, secret));
  await instances[0].ready;
  for (let i = 2; i <= count; i += 1) instances.push(startInstance(i, secret));
  const ports = await Promise.all(instances.map((instance) => instance.ready));
  const backends = ports.map((port, index) => ({ id: instances[index].id, host: '127.0.0.1', port }));
  const proxy = await startProxy({ port: proxyPort, backends, log });
  for (const instance of instances) log(`${instance.id} pid ${instance.child.pid}`);
  log(`${count} instance(s) on ${ports.join(', ')}; proxy listening on http://localhost:${proxy.port}`);

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining every instance`);
    const exits = instances
      .filter(({ child }) => child.exitCode === null && child.signalCode === null)
      .map(({ child }) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      });
    await Promise.all(exits);
    await proxy.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('[cluster] failed:', error.message);
  // Never leave instances running without their proxy.
  for (const { child } of instances) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = 1;
});
