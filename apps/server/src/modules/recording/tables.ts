/** One batch of one price source's recorded ticks of one IST trading day. */
export interface RecordingChunksTable {
  /** Price source id: `sim`, or `<broker key>:<userId>` for a user's own stream. */
  source: string;
  /** IST trading day, `YYYY-MM-DD`. */
  day: string;
  /** Order of the batch within the source's day. */
  seq: number;
  origin: 'simulated' | 'platform' | 'user';
  /** The user whose own stream it is (origin `user`), else null. */
  ownerId: string | null;
  ticks: number;
  firstTs: number;
  lastTs: number;
  /** gzip of `ts,symbol,price` lines. */
  data: Uint8Array;
}

export interface RecordingTables {
  recordingChunks: RecordingChunksTable;
}
