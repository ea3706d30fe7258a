import { istEpochMs } from '@xtrader/core/market/dates';

/** Dhan access tokens live 24 hours. */
const DAY_MS = 24 * 60 * 60 * 1000;

/** A time with its zone (`Z`, `+05:30`) as given; a bare local time as IST (Dhan's clock). */
function readExpiry(text: string): number | undefined {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text.trim())) {
    const zoned = Date.parse(text);
    return Number.isFinite(zoned) ? zoned : undefined;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  return m ? istEpochMs(`${m[1]}-${m[2]}-${m[3]}`, Number(m[4]), Number(m[5]), Number(m[6] ?? 0)) : undefined;
}

/**
 * When a Dhan access token issued at `issuedAt` dies: the `expiryTime` the consent exchange returned, never later
 * than Dhan's 24 hours; the 24 hours when the answer carries no readable time (or one already past).
 */
export function dhanTokenExpiry(issuedAt: number, expiryTime: string | null | undefined): number {
  const latest = issuedAt + DAY_MS;
  const stated = expiryTime ? readExpiry(expiryTime) : undefined;
  return stated !== undefined && stated > issuedAt && stated < latest ? stated : latest;
}
