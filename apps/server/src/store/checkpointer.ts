import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/** WAL size (bytes) from which checkpoints start: SQLite's own default threshold, 1,000 pages of 4 KiB. */
const START_AT_BYTES = 1000 * 4096;
const CHECK_EVERY_MS = 500;

// The worker: its own connection to the same file, running a PASSIVE checkpoint (which never blocks the writer)
// whenever asked. Plain CommonJS so it runs without the TypeScript loader.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
parentPort.on('message', (message) => {
  if (message === 'close') { db.close(); parentPort.close(); return; }
  try { db.pragma('wal_checkpoint(PASSIVE)'); parentPort.postMessage('ok'); }
  catch (error) { parentPort.postMessage(String(error && error.message || error)); }
});
`;

export interface Checkpointer {
  close(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the event loop. With `synchronous = NORMAL` a commit never waits for the
 * disk, but the automatic checkpoint that a commit runs every thousand pages does fsync the database file, and on
 * the order path that stalled every request behind it for tens of milliseconds (bench/order-path: place p99 at
 * 200/s fell from ~50 ms to under 5 ms without it). So the connection's auto-checkpoint is turned off and a worker
 * thread with its own connection checkpoints instead, started once the WAL first reaches the size at which SQLite
 * would have checkpointed (short-lived stores, like most tests', never start it) and run whenever the WAL changed.
 * If the worker fails, checkpointing falls back to the connection itself, as SQLite does by default.
 */
export function startCheckpointer(database: SqliteDatabase, file: string): Checkpointer {
  const walFile = `${file}-wal`;
  let worker: Worker | undefined;
  let busy = false;
  let lastChange = 0;
  database.pragma('wal_autocheckpoint = 0');

  const fallBack = () => {
    clearInterval(timer);
    worker = undefined;
    database.pragma('wal_autocheckpoint = 1000');
  };
  const startWorker = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file } });
    started.unref();
    started.on('message', (message: unknown) => {
      busy = false;
      if (message !== 'ok' && message !== undefined) fallBack();
    });
    started.on('error', fallBack);
    return started;
  };
  const check = () => {
    if (busy) return;
    let size: number;
    let changed: number;
    try {
      const stat = statSync(walFile);
      size = stat.size;
      changed = stat.mtimeMs;
    } catch {
      return;
    }
    if (changed === lastChange) return;
    if (!worker) {
      if (size < START_AT_BYTES) return;
      worker = startWorker();
    }
    lastChange = changed;
    busy = true;
    worker.postMessage('checkpoint');
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();

  return {
    async close() {
      clearInterval(timer);
      const running = worker;
      worker = undefined;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.postMessage('close');
      await exited;
    },
  };
}
