import { SMS_RETRY_AFTER_SECONDS, SmsDeliveryError } from './sms-sender';

export interface SmsHttpReply {
  status: number;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  /** Retry-After in seconds, when the provider sent one. */
  retryAfterSeconds: number | undefined;
}

const parseRetryAfter = (value: string | null): number | undefined => {
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
};

/**
 * One HTTP call to an SMS provider with a deadline. A network failure or timeout is `unavailable` (whether the
 * text went out is unknown, and the user's resend limit still applies to the next try).
 */
export async function smsHttp(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<SmsHttpReply> {
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    throw new SmsDeliveryError(
      'unavailable',
      SMS_RETRY_AFTER_SECONDS,
      `SMS provider unreachable: ${(error as Error).message}`,
    );
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return {
    status: response.status,
    body,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
  };
}

/** The common answers: 429 is rate-limited, 5xx is down. */
export function failureOfStatus(reply: SmsHttpReply, detail: string): SmsDeliveryError | undefined {
  if (reply.status === 429)
    return new SmsDeliveryError('rateLimited', reply.retryAfterSeconds ?? SMS_RETRY_AFTER_SECONDS, detail);
  if (reply.status >= 500)
    return new SmsDeliveryError('unavailable', reply.retryAfterSeconds ?? SMS_RETRY_AFTER_SECONDS, detail);
  return undefined;
}
