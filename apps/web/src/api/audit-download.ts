import { AUDIT_DAY_PATH } from '@xtrader/core/api/audit';
import { istDateOf } from '@xtrader/core/market/dates';
import { requestFile } from './client';

/** Downloads the trader's audit trail of one IST day (today by default) as a CSV file. */
export async function downloadDayAudit(date: string = istDateOf(Date.now())): Promise<void> {
  const csv = await requestFile(AUDIT_DAY_PATH, { date });
  const url = URL.createObjectURL(csv);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `x-trader-audit-${date}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}
