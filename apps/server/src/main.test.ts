import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The production build, run as an operator would: `node apps/server/dist/main.js`. Built once here (esbuild, about a
// second) so the test exercises the compiled bundle rather than the TypeScript sources.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const builtMain = path.join(root, 'apps/server/dist/main.js');

const READY_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  XT_SECRET_KEY: 's'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:1',
  SMTP_FROM: 'X-Trader <otp@example.com>',
  XT_OPERATOR_LEGAL_NAME: 'Example Fintech Private Limited',
  XT_OPERATOR_ADDRESS: '1 Example Road, Bengaluru 560001',
  XT_OPERATOR_EMAIL: 'support@example.com',
  XT_OPERATOR_PHONE: '+91 80 0000 0000',
  XT_OPERATOR_GRIEVANCE_OFFICER: 'A. Officer',
  XT_OPERATOR_JURISDICTION: 'Bengaluru',
};

type Run = { code: number | null; output: string };

const children: ChildProcess[] = [];
let dataDir: string;

/** Starts the built server with exactly `env` (plus PATH); resolves when it exits or prints `until`. */
function run(env: Record<string, string>, until?: RegExp): Promise<Run & { child: ChildProcess }> {
  const child = spawn(process.execPath, ['--enable-source-maps', builtMain], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', XT_DATA_DIR: dataDir, ...env },
  });
  children.push(child);
  let output = '';
  return new Promise((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) resolve({ code: null, output, child });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output, child }));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('production start of the built server', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root });
  }, 60_000);
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterAll(() => {
    children.length = 0;
  });

  const freshDataDir = () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'xt-prod-'));
  };

  it('starts with every production setting and answers the health check', async () => {
    freshDataDir();
    const started = await run(READY_ENV, /listening on http:\/\/localhost:(\d+)/);
    const port = /listening on http:\/\/localhost:(\d+)/.exec(started.output)?.[1];
    const health = await fetch(`http://127.0.0.1:${port}/v1/options-x/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: unknown }).data).toMatchObject({
      status: 'ok',
      version: '0.1.0',
    });
  }, 60_000);

  it('exits non-zero naming each missing variable when dev-only settings are left', async () => {
    freshDataDir();
    const { XT_SECRET_KEY, SMTP_URL, SMTP_FROM, XT_OPERATOR_PHONE, ...rest } = READY_ENV;
    const result = await run(rest);
    expect(result.code).toBe(1);
    expect(result.output).toContain('XT_SECRET_KEY: required in production');
    expect(result.output).toContain(
      'XT_SMS_PROVIDER (or SMTP_URL, SMTP_FROM): an OTP channel is required in production',
    );
    expect(result.output).toContain('XT_OPERATOR_PHONE: required in production');
  }, 60_000);

  it('exits non-zero when XT_DEV_TOOLS is on', async () => {
    freshDataDir();
    const result = await run({ ...READY_ENV, XT_DEV_TOOLS: '1' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('XT_DEV_TOOLS');
  }, 60_000);

  it('exits non-zero when the database still holds the demo account of a development start', async () => {
    freshDataDir();
    const dev = await run({ PORT: '0', HOST: '127.0.0.1' }, /listening on/);
    expect(dev.output).toContain('Demo account');
    dev.child.kill('SIGTERM');
    await exited(dev.child);
    const result = await run(READY_ENV);
    expect(result.code).toBe(1);
    expect(result.output).toContain('NODE_ENV: production cannot start while the demo account');
  }, 60_000);
});
