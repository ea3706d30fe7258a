import { formatOrdinalDate } from '@xtrader/core/format/format';

/**
 * The thank-you page's expiry date, `24th Nov 2026`. An unreadable value is logged and shown as an empty
 * date, never as "Invalid Date".
 */
export function expiryText(expiry: string): string {
  const text = formatOrdinalDate(expiry);
  if (text === '') console.error(`Thank-you page: cannot read the expiry date "${expiry}"`);
  return text;
}
