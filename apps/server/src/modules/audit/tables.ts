/**
 * The order audit trail: one row per order action of a user, chained by hash. Rows are only ever inserted.
 * `data` is the action as canonical JSON text (what the hash covers, byte for byte).
 */
export interface AuditLogTable {
  userId: string;
  /** 1, 2, 3 ... per user: the line's place in the user's chain. */
  seq: number;
  /** Epoch ms when the action happened. */
  ts: number;
  kind: string;
  /** Our order id when the action concerns one order (null for a request or a multi-order call). */
  orderId: string | null;
  data: string;
  /** The previous line's hash (64 zeros for the first line). */
  prevHash: string;
  /** sha256 (hex) over the line's canonical serialisation, which includes prevHash. */
  hash: string;
}

/** SQLite only: each chain's last line, kept with the lines of every commit (the writer reads it once per user). */
export interface AuditTipTable {
  userId: string;
  seq: number;
  hash: string;
}

export interface AuditTables {
  auditLog: AuditLogTable;
  auditTip: AuditTipTable;
}
