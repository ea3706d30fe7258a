import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Zoho Billing's secured-webhook signature, per "How Do I Secure My Webhooks in Zoho Billing?"
 * (zoho.com/billing/kb/webhooks/securing-webhooks.html): sort the query-string key/value pairs by key,
 * concatenate each key and value with no separators, append the raw JSON body, then HMAC-SHA256 the string
 * with the webhook's secret token; the hex digest arrives in the `X-Zoho-Webhook-Signature` header.
 */
export const ZOHO_SIGNATURE_HEADER = 'x-zoho-webhook-signature';

export function zohoSigningString(rawBody: string, query: Readonly<Record<string, string>>): string {
  const pairs = Object.keys(query)
    .sort()
    .map((key) => `${key}${query[key]}`)
    .join('');
  return `${pairs}${rawBody}`;
}

export function signZohoWebhook(
  secret: string,
  rawBody: string,
  query: Readonly<Record<string, string>> = {},
) {
  return createHmac('sha256', secret).update(zohoSigningString(rawBody, query), 'utf8').digest('hex');
}

/** Constant-time check of a signature header against the delivery. */
export function isValidZohoSignature(
  secret: string,
  signature: string | string[] | undefined,
  rawBody: string,
  query: Readonly<Record<string, string>>,
): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = Buffer.from(signZohoWebhook(secret, rawBody, query), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.trim(), 'hex'));
}
