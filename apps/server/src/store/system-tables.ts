/** Process-wide key/value facts (e.g. one-off seeding already done), shared by all instances. */
interface AppMetaTable {
  key: string;
  value: string;
  updatedAt: number;
}

/** Leases between instances (cluster/pg-lease-store.ts); holder NULL once released. */
interface LeasesTable {
  name: string;
  holder: string | null;
  epoch: number;
  expiresAt: number;
}

export interface SystemTables {
  appMeta: AppMetaTable;
  leases: LeasesTable;
}
