import type { AlertsTables } from '../modules/alerts/tables';
import type { AuditTables } from '../modules/audit/tables';
import type { AuthTables } from '../modules/auth/tables';
import type { BillingTables } from '../modules/billing/tables';
import type { PaperTables } from '../modules/brokers/paper/tables';
import type { VaultTables } from '../modules/brokers/vault/tables';
import type { InstrumentTables } from '../modules/instruments/tables';
import type { JournalTables } from '../modules/journal/tables';
import type { OrdersTables } from '../modules/orders/model/tables';
import type { RecordingTables } from '../modules/recording/tables';
import type { RiskTables } from '../modules/risk/tables';
import type { SystemTables } from './system-tables';

/**
 * Every table of the store, merged from the per-module table interfaces. Property names are camelCase in
 * TypeScript and snake_case in SQL (Kysely's CamelCasePlugin maps them). A module adds its tables by
 * defining a `<Module>Tables` interface beside its store and listing it here.
 */
export interface Database
  extends SystemTables,
    AuthTables,
    InstrumentTables,
    PaperTables,
    BillingTables,
    OrdersTables,
    RiskTables,
    VaultTables,
    AuditTables,
    RecordingTables,
    AlertsTables,
    JournalTables {}
