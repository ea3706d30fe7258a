import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { silentLogger } from '../../logger';
import { openStore, type Store } from '../../store/open-store';
import { createAuditLog } from './audit-log';

// `npm run audit:verify` end to end on the SQLite file the server would use (XT_DATA_DIR).

const CLI = fileURLToPath(new URL('./verify-cli.ts', import.meta.url));
let dataDir: string;
let store: Store;

const verify = () => {
  const env = { ...process.env, NODE_ENV: 'test', XT_DATA_DIR: dataDir, DATABASE_URL: '' };
  const run = spawnSync(process.execPath, ['--import', 'tsx', CLI], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
};

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'xt-audit-'));
  store = await openStore({ databaseUrl: undefined, dataDir });
  const log = createAuditLog({
    db: store.db,
    clock: { now: () => 1_700_000_000_000 },
    logger: silentLogger(),
  });
  for (let i = 0; i < 3; i += 1) log.append('user-1', 'request', null, { i });
  await log.flush();
});
afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('passes an intact trail, then fails naming a changed line, then a removed one', {
  timeout: 120_000,
}, async () => {
  const intact = verify();
  expect(intact.out).toContain('audit trail intact: 1 chains, 3 lines');
  expect(intact.code).toBe(0);

  await store.db.updateTable('auditLog').set({ data: '{"i":5}' }).where('seq', '=', 2).execute();
  const changed = verify();
  expect(changed.code).toBe(1);
  expect(changed.err).toContain('user user-1, line 2');

  await store.db.deleteFrom('auditLog').where('seq', '=', 2).execute();
  const removed = verify();
  expect(removed.code).toBe(1);
  expect(removed.err).toContain('user user-1, line 3');
});
