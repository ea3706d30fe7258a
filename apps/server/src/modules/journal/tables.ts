/** One order placed from the UI: the times its latencies are measured from (see core journal/execution.ts). */
export interface JournalEntriesTable {
  userId: string;
  /** Our (root) order id. */
  orderId: string;
  /** Client epoch ms of the key press or click. */
  pressedAt: number | null;
  /** Client epoch ms the request left. */
  requestedAt: number | null;
  /** The price the order card showed when the key was pressed. */
  shownPrice: number | null;
  /** Server epoch ms the request arrived. */
  receivedAt: number;
  /** Server epoch ms the placement was answered (the broker acknowledged it). */
  ackAt: number | null;
  /**
   * Server epoch ms the first fill was booked, as this server saw it (brokers' own fill times are on their clock, often
   * to the second); null when it was not seen (a restart in between: the fill's booked time is used then).
   */
  firstFillAt: number | null;
}

/** The trader's note and tags of one round trip (core journal/round-trips.ts names it by its tradeId). */
export interface JournalNotesTable {
  userId: string;
  tradeId: string;
  note: string;
  /** JSON array of strings. */
  tags: string;
  updatedAt: number;
}

export interface JournalTables {
  journalEntries: JournalEntriesTable;
  journalNotes: JournalNotesTable;
}
