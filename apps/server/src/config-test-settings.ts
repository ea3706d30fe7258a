import { z } from 'zod';

// Settings of the test runs (external services, probe sizes), pure over the environment config.ts hands them.

/** External services the integration tests may use; each is skipped when its variable is unset. */
export type TestServices = Readonly<{ databaseUrl: string | undefined; redisUrl: string | undefined }>;

/** `TEST_DATABASE_URL` / `TEST_REDIS_URL` of the given environment. */
export function parseTestServices(env: Record<string, string | undefined>): TestServices {
  const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return Object.freeze({
    databaseUrl: blankToUndefined(env.TEST_DATABASE_URL),
    redisUrl: blankToUndefined(env.TEST_REDIS_URL),
  });
}

/** Sizes of the permanent probes (apps/server/test/probes); the defaults are the CI run, larger runs are by hand. */
export type ProbeSettings = Readonly<{
  /** Requests the schema fuzzer sends (`XT_FUZZ_RUNS`). */
  fuzzRuns: number;
  /** Seed that replays a fuzz run (`XT_FUZZ_SEED`); a new one each run when unset. */
  fuzzSeed: number | undefined;
  /** Prints the answers per route and the time per route (`XT_FUZZ_VERBOSE`). */
  fuzzVerbose: boolean;
  /** Attempts the abuse-limit probe fires at once (`XT_ABUSE_PARALLEL`). */
  abuseParallel: number;
  /** Rounds of the mixed concurrency workload (`XT_CONCURRENCY_ROUNDS`). */
  concurrencyRounds: number;
  /** Kill -9 cycles of the crash-point probe, about 13 crash points each (`XT_PROBE_CRASH_CYCLES`). */
  crashCycles: number;
  /** Seed that replays the crash and broker-fault probes' random choices (`XT_PROBE_SEED`). */
  probeSeed: number | undefined;
}>;

const probeSchema = z.object({
  XT_FUZZ_RUNS: z.coerce.number().int().min(1).default(20_000),
  XT_FUZZ_SEED: z.coerce.number().int().optional(),
  XT_FUZZ_VERBOSE: z.string().optional(),
  XT_ABUSE_PARALLEL: z.coerce.number().int().min(30).default(300),
  XT_CONCURRENCY_ROUNDS: z.coerce.number().int().min(1).default(8),
  XT_PROBE_CRASH_CYCLES: z.coerce.number().int().min(1).default(16),
  XT_PROBE_SEED: z.coerce.number().int().optional(),
});

/** The probe sizes of the given environment. */
export function parseProbeSettings(env: Record<string, string | undefined>): ProbeSettings {
  const e = probeSchema.parse(env);
  return Object.freeze({
    fuzzRuns: e.XT_FUZZ_RUNS,
    fuzzSeed: e.XT_FUZZ_SEED,
    fuzzVerbose: Boolean(e.XT_FUZZ_VERBOSE?.trim()),
    abuseParallel: e.XT_ABUSE_PARALLEL,
    concurrencyRounds: e.XT_CONCURRENCY_ROUNDS,
    crashCycles: e.XT_PROBE_CRASH_CYCLES,
    probeSeed: e.XT_PROBE_SEED,
  });
}
