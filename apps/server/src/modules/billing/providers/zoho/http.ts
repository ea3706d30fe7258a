import type { ZohoSettings } from '../../../../config';
import { BillingProviderError } from '../../errors';
import type { ZohoTokenSource } from './oauth';

const TIMEOUT_MS = 10_000;

/** Zoho's organisation header (every Zoho Billing API call names the organisation). */
const ZOHO_ORGANIZATION_HEADER = 'X-com-zoho-subscriptions-organizationid';

/** Every Zoho Billing reply carries `code` (0 on success) and `message`. */
type ZohoReply = { code?: number; message?: string } & Record<string, unknown>;

/**
 * Calls the Zoho Billing API (`Authorization: Zoho-oauthtoken <token>`, organisation header, JSON). A 401
 * drops the token and retries once with a fresh one; a non-zero `code` is a provider error.
 */
export function createZohoHttp(settings: ZohoSettings, tokens: ZohoTokenSource, fetchImpl: typeof fetch) {
  async function send(method: 'GET' | 'POST', path: string, body: unknown, token: string) {
    try {
      const response = await fetchImpl(`${settings.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Zoho-oauthtoken ${token}`,
          [ZOHO_ORGANIZATION_HEADER]: settings.organizationId,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      return { status: response.status, reply: (text ? JSON.parse(text) : {}) as ZohoReply };
    } catch (error) {
      throw new BillingProviderError(`Zoho ${method} ${path} failed: ${(error as Error).message}`);
    }
  }

  return async function zohoRequest(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<ZohoReply> {
    let token = await tokens.accessToken();
    let result = await send(method, path, body, token);
    if (result.status === 401) {
      tokens.invalidate(token);
      token = await tokens.accessToken();
      result = await send(method, path, body, token);
    }
    const { status, reply } = result;
    if (status >= 400 || (reply.code ?? 0) !== 0) {
      throw new BillingProviderError(
        `Zoho ${method} ${path}: HTTP ${status}, code ${reply.code}: ${reply.message}`,
      );
    }
    return reply;
  };
}
