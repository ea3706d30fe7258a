import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { silentLogger } from '../../logger';
import { commitWriterOf } from '../../store/group-commit';
import { openStore, type Store } from '../../store/open-store';
import { createAuditLog } from './audit-log';

// `npm run audit:verify` end to end on the SQLite file the server would use (XT_DATA_DIR).

const CLI = fileURLToPath(new URL('./verify-cli.ts', import.meta.url));
let dataDir: string;
let store: Store;

const verify = (...args: string[]) => {
  const env = { ...process.env, NODE_ENV: 'test', XT_DATA_DIR: dataDir, DATABASE_URL: '' };
  const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
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
    commits: commitWriterOf(store.db),
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

it('writes an anchor of the chain ends, then finds the last lines removed with their tip against it', {
  timeout: 120_000,
}, async () => {
  const anchorFile = path.join(dataDir, 'anchor.json');
  const written = verify('--write-anchor', anchorFile);
  expect(written.code).toBe(0);
  const digest = written.out.match(/anchor written to .*: 1 chains, sha256 ([0-9a-f]{64})/)?.[1];
  expect(digest).toBeDefined();

  await store.db.deleteFrom('auditLog').where('seq', '=', 3).execute();
  const truncated = verify();
  expect(truncated.code).toBe(1);
  expect(truncated.err).toContain(
    'user user-1, line 3: the chain ends at line 2 but its stored tip is line 3',
  );

  // The tip moved back with the lines: only the anchor still knows the chain reached line 3.
  const [line2] = await store.db.selectFrom('auditLog').select('hash').where('seq', '=', 2).execute();
  await store.db
    .updateTable('auditTip')
    .set({ seq: 2, hash: line2?.hash as string })
    .execute();
  expect(verify().code).toBe(0);
  const anchored = verify('--anchor', anchorFile);
  expect(anchored.out).toContain(`sha256 ${digest}`);
  expect(anchored.code).toBe(1);
  expect(anchored.err).toContain(
    'user user-1, line 3: the chain ends at line 2, before line 3 named by the anchor',
  );

  const missing = verify('--anchor', path.join(dataDir, 'none.json'));
  expect(missing.code).toBe(2);
  expect(missing.err).toContain('cannot read the anchor file');
});
