/** Process-wide key/value facts (e.g. one-off seeding already done), shared by all instances. */
interface AppMetaTable {
  key: string;
  value: string;
  updatedAt: number;
}

export interface SystemTables {
  appMeta: AppMetaTable;
}
