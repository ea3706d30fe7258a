import { createHash, timingSafeEqual } from 'node:crypto';

// Kite Connect's two checksums: SHA-256 hex of plain concatenations.

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Token exchange: sha256(api_key + request_token + api_secret). */
export const sessionChecksum = (apiKey: string, requestToken: string, apiSecret: string): string =>
  sha256Hex(apiKey + requestToken + apiSecret);

/** Postback: sha256(order_id + order_timestamp + api_secret), the timestamp exactly as sent. */
export const postbackChecksum = (orderId: string, orderTimestamp: string, apiSecret: string): string =>
  sha256Hex(orderId + orderTimestamp + apiSecret);

/** Constant-time comparison of two hex digests (a forged checksum learns nothing from timing). */
export function checksumsMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
