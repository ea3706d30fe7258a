import { BrokerCallError } from './errors';

// One read of a broker's quote endpoint: the status and the parsed JSON body, or a network BrokerCallError when
// the broker could not be reached or answered something unreadable. Each broker classifies its own refusals.

const TIMEOUT_MS = 5000;

export interface QuoteAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

export async function quoteRequest(brokerName: string, url: string, init: RequestInit): Promise<QuoteAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new BrokerCallError(
      'network',
      `${brokerName} quotes unreachable: ${error instanceof Error ? error.message : String(error)}`,
      true,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (body === undefined && response.ok)
    throw new BrokerCallError('network', `${brokerName} sent an unreadable quote answer`, true);
  return { status: response.status, ok: response.ok, body };
}

/** A finite positive number from a JSON field that may be a number or a numeric string. */
export const priceOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};
