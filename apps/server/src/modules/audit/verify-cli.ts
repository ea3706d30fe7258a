import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { openStore } from '../../store/open-store';
import { type AuditAnchor, anchorDigest, anchorText, parseAnchor } from './anchor';
import { verifyAuditTrail } from './verify';

// `npm run audit:verify [-- --anchor <file>] [-- --write-anchor <file>]`: checks every user's audit chain in the
// database the server is configured with (XT_DATA_DIR or DATABASE_URL, read as the server reads them). Exits 1 naming
// the first broken line of each broken chain, 0 when every chain holds, 2 when it cannot run. `--anchor` also checks
// the chain ends an earlier run wrote with `--write-anchor` (see docs/audit.md).

/** A problem with how the command was called (exit 2), not with the trail. */
class UsageError extends Error {}

function readAnchor(file: string): { anchor: AuditAnchor; digest: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the anchor file ${file}: ${(error as Error).message}`);
  }
  try {
    return { anchor: parseAnchor(text), digest: anchorDigest(text) };
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
}

async function main(): Promise<number> {
  let options: { anchor?: string; 'write-anchor'?: string };
  try {
    ({ values: options } = parseArgs({
      options: { anchor: { type: 'string' }, 'write-anchor': { type: 'string' } },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const given = options.anchor === undefined ? undefined : readAnchor(options.anchor);
  const config = loadConfig();
  const store = await openStore(config);
  try {
    const { users, lines, breaks, ends } = await verifyAuditTrail(store.db, given?.anchor);
    if (given)
      process.stdout.write(`anchor ${options.anchor}: ${given.anchor.size} chains, sha256 ${given.digest}\n`);
    for (const broken of breaks) {
      console.error(`audit chain broken: user ${broken.userId}, line ${broken.seq}: ${broken.reason}`);
    }
    if (breaks.length > 0) {
      console.error(`${breaks.length} chains broken (${users} chains, ${lines} lines checked)`);
      if (options['write-anchor']) console.error('no anchor written: the trail is broken');
      return 1;
    }
    process.stdout.write(`audit trail intact: ${users} chains, ${lines} lines\n`);
    const target = options['write-anchor'];
    if (target) {
      const text = anchorText(ends, new Date());
      writeFileSync(target, text);
      process.stdout.write(
        `anchor written to ${target}: ${ends.size} chains, sha256 ${anchorDigest(text)}\n`,
      );
    }
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof UsageError ? error.message : error);
    process.exitCode = 2;
  },
);
