import { AUDIT_CSV_COLUMNS } from '@xtrader/core/api/audit';
import type { AuditLogTable } from './tables';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The lines as CSV with a header row; time is ISO 8601 UTC, data the stored canonical JSON. */
export function auditCsv(lines: readonly AuditLogTable[]): string {
  const rows = lines.map((line) =>
    [
      String(line.seq),
      new Date(Number(line.ts)).toISOString(),
      line.kind,
      line.orderId ?? '',
      line.data,
      line.prevHash,
      line.hash,
    ]
      .map(field)
      .join(','),
  );
  return `${[AUDIT_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
