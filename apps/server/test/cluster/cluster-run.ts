import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect } from 'vitest';

// `scripts/cluster.mjs N` as real processes, on a database and Redis channel prefix of its own, for tests that
// signal instances (kill, stop, continue) and read the shared store directly.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** `count` consecutive free ports: the proxy's, then the instances'. */
async function freePorts(count: number): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    let free = true;
    for (let i = 0; i < count && free; i += 1) free = await portFree(base + i);
    if (free) return base;
  }
}

export interface ClusterRun {
  /** The database every instance shares (for direct reads and locks). */
  databaseUrl: string;
  /** Everything the script and its instances printed so far (instance lines prefixed `[node-<i>]`). */
  output(): string;
  /** The script's proxy port; instance `node-<i>` listens on `port + i`. */
  port: number;
  /** The API base of instance `node-<i>`, addressed directly (no proxy); `api(0)` is the proxy's. */
  api(i: number): string;
  pid(i: number): number;
  /** The script's own process (SIGTERM drains every instance). */
  script: ChildProcess;
  /** Drains the cluster (SIGTERM to the script) unless it already exited, then drops its database and data. */
  stop(): Promise<void>;
}

/** Starts `scripts/cluster.mjs <instances>` with `env` added, and resolves once its proxy listens. */
export async function startCluster(
  adminUrl: string,
  redisUrl: string,
  instances: number,
  env: Record<string, string>,
): Promise<ClusterRun> {
  const database = `xt_cluster_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-cluster-run-'));
  const base = await freePorts(instances + 1);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/cluster.mjs', String(instances)], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      XT_REDIS_PREFIX: `xt-test:${randomBytes(6).toString('hex')}:`,
      XT_PROXY_PORT: String(base),
      XT_CLUSTER_PORT: String(base + 1),
      XT_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: unknown) => {
    output += String(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end();
  };

  try {
    await expect.poll(() => output, { timeout: 60_000, interval: 200 }).toMatch(/proxy listening/);
  } catch (error) {
    await stop();
    throw error;
  }
  const pids = new Map(
    [...output.matchAll(/\[cluster\] node-(\d+) pid (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]),
  );
  return {
    databaseUrl,
    port: base,
    script: child,
    output: () => output,
    api: (i) => `http://127.0.0.1:${base + i}/v1/options-x`,
    pid: (i) => {
      const pid = pids.get(i);
      if (pid === undefined) throw new Error(`node-${i} has no pid in the script's output`);
      return pid;
    },
    stop,
  };
}

/** The JSON log lines of instance `node-<i>` whose message contains `message`. */
export function logLines(output: string, i: number, message: string): Record<string, unknown>[] {
  const prefix = `[node-${i}] `;
  // Complete lines only: the last one may still be arriving.
  const lines = output.split('\n').slice(0, -1);
  const found: Record<string, unknown>[] = [];
  for (const line of lines) {
    if (!line.startsWith(prefix) || !line.includes(message)) continue;
    try {
      found.push(JSON.parse(line.slice(prefix.length)) as Record<string, unknown>);
    } catch {
      // Not a JSON log line (a stack trace, a message printed by hand).
    }
  }
  return found;
}
