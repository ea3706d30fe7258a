import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const HEALTH_PATH = '/v1/options-x/health';
const START_TIMEOUT_MS = 60_000;

/** Asks the OS for a port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const tail = (file: string, lines = 40) => readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');

export type ServerHandle = {
  baseUrl: string;
  logFile: string;
  stop: () => Promise<void>;
  /** SIGKILL at once: a crash, nothing closed or flushed. */
  kill: () => Promise<void>;
};

/** Starts `node --import tsx apps/server/src/main.ts` and resolves once /health answers. */
export async function startServer(options: {
  repoRoot: string;
  dataDir: string;
  /** Extra environment (e.g. XT_KITE_* pointing at a fake broker). */
  env?: Record<string, string>;
}): Promise<ServerHandle> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(options.dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: options.repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      XT_DATA_DIR: options.dataDir,
      NODE_ENV: 'test',
      // Every spec signs up from 127.0.0.1; the production allowance of 10 OTPs per address per hour is too few.
      XT_OTP_SENDS_PER_IP_PER_HOUR: '1000',
      // The specs drive prices through POST /dev/market/price.
      XT_DEV_TOOLS: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await stopProcess(child);
    throw new Error(`${(error as Error).message}\n--- last lines of ${logFile} ---\n${tail(logFile)}`);
  }
  return { baseUrl, logFile, stop: () => stopProcess(child), kill: () => killProcess(child) };
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The X-Trader server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}${HEALTH_PATH}`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The X-Trader server did not answer ${HEALTH_PATH} within ${START_TIMEOUT_MS / 1000} s`);
}

function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** SIGTERM (graceful close of HTTP, bus and store), then SIGKILL if it hangs. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
