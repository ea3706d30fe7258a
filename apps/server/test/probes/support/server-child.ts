import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The X-Trader server as a child process, so a probe can kill it with SIGKILL (nothing closed, nothing flushed)
// and start it again on the same data folder, as a crashed and restarted production server would be.

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const HEALTH = '/v1/options-x/health';
const START_TIMEOUT_MS = 60_000;

export interface ServerChild {
  baseUrl: string;
  /** SIGKILL at once. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it hangs. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function end(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      if (killer) clearTimeout(killer);
      resolve();
    });
    child.kill(signal);
  });
}

/** Starts `node --import tsx apps/server/src/main.ts` on `dataDir` and resolves once /health answers. */
export async function startServerChild(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerChild> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      XT_DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      XT_DEV_TOOLS: '1',
      XT_OTP_SENDS_PER_IP_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited(child) || Date.now() > deadline) {
      await end(child, 'SIGKILL');
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`The server did not start (exit ${child.exitCode}):\n${tail}`);
    }
    const up = await fetch(`${baseUrl}${HEALTH}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, kill: () => end(child, 'SIGKILL'), stop: () => end(child, 'SIGTERM') };
}
