import { ConfigError, loadConfig } from '../../config';
import { openStore } from '../../store/open-store';
import { verifyAuditTrail } from './verify';

// `npm run audit:verify`: checks every user's audit chain in the database the server is configured with
// (XT_DATA_DIR or DATABASE_URL, read as the server reads them). Exits 1 naming the first broken line of each
// broken chain, 0 when every chain holds.

async function main(): Promise<number> {
  const config = loadConfig();
  const store = await openStore(config);
  try {
    const { users, lines, breaks } = await verifyAuditTrail(store.db);
    for (const broken of breaks) {
      console.error(`audit chain broken: user ${broken.userId}, line ${broken.seq}: ${broken.reason}`);
    }
    if (breaks.length > 0) {
      console.error(`${breaks.length} of ${users} chains broken (${lines} lines checked)`);
      return 1;
    }
    process.stdout.write(`audit trail intact: ${users} chains, ${lines} lines\n`);
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
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 2;
  },
);
