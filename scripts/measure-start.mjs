// Start time (spawn until GET /v1/options-x/health answers) and resident memory 2 s later, of the server run
// through the tsx loader (`npm run serve`) and of the production build (`node apps/server/dist/main.js`), three
// runs each on a fresh data dir. Build first: `npm run build:server`. Usage: node scripts/measure-start.mjs [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 3);
const variants = {
  'tsx (npm run serve)': ['--import', 'tsx', 'apps/server/src/main.ts'],
  'compiled (dist/main.js)': ['--enable-source-maps', 'apps/server/dist/main.js'],
};

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function measure(args) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xt-measure-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      XT_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/v1/options-x/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await sleep(10);
    }
    const startMs = performance.now() - started;
    await sleep(2000);
    return { startMs, rssMb: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const [name, args] of Object.entries(variants)) {
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await measure(args));
  const figures = results.map((r) => `${Math.round(r.startMs)} ms / ${r.rssMb.toFixed(0)} MB`).join(', ');
  console.log(`${name}: ${figures}`);
}
