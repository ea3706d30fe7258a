import type { JournalDay } from '../api/journal';

/** The CSV's columns, in order (the header row): one row per round trip. */
export const JOURNAL_CSV_COLUMNS = [
  'tradeId',
  'contract',
  'direction',
  'quantity',
  'openQuantity',
  'entryPrice',
  'exitPrice',
  'openedAt',
  'closedAt',
  'gross',
  'charges',
  'net',
  'orderIds',
  'tags',
  'note',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. Text a spreadsheet
 * would run as a formula (starting with = + - @, tab or carriage return) is prefixed with a quote, so a note cannot
 * become one.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const time = (ts: number | null): string => (ts === null ? '' : new Date(ts).toISOString());
const money = (value: number | null): string => (value === null ? '' : value.toFixed(2));

/** The day's round trips as CSV text (CRLF lines, header first); times ISO 8601 UTC, money in rupees. */
export function journalCsv(day: Pick<JournalDay, 'trades'>): string {
  const rows = day.trades.map((trade) =>
    [
      trade.tradeId,
      trade.tradingSymbol,
      trade.direction,
      String(trade.quantity),
      String(trade.openQuantity),
      money(trade.entryPrice),
      money(trade.exitPrice),
      time(trade.openedAt),
      time(trade.closedAt),
      money(trade.gross),
      money(trade.charges),
      money(trade.net),
      trade.orderIds.join(' '),
      trade.tags.join(' '),
      trade.note,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[JOURNAL_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
