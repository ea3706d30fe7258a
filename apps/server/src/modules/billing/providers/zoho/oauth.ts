import type { Clock } from '../../../../clock';
import type { ZohoSettings } from '../../../../config';
import { BillingProviderError } from '../../errors';

/** Renew this long before Zoho's stated expiry, so a token never dies mid-request. */
const EXPIRY_MARGIN_MS = 60_000;
const TIMEOUT_MS = 10_000;

type TokenReply = { access_token?: string; expires_in?: number; error?: string };

/**
 * Zoho OAuth access tokens from the long-lived refresh token ("Refresh Access Token": POST
 * {Accounts_URL}/oauth/v2/token?refresh_token=...&client_id=...&client_secret=...&grant_type=refresh_token,
 * answering `{access_token, expires_in: 3600, api_domain, token_type}`; failures come back as `{error}`).
 * One token is shared until it nears expiry; concurrent callers wait on the same refresh.
 */
export function createZohoTokenSource(settings: ZohoSettings, clock: Clock, fetchImpl: typeof fetch) {
  let cached: { token: string; expiresAt: number } | undefined;
  let refreshing: Promise<string> | undefined;

  async function refresh(): Promise<string> {
    const params = new URLSearchParams({
      refresh_token: settings.refreshToken,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      grant_type: 'refresh_token',
    });
    let reply: TokenReply;
    try {
      const response = await fetchImpl(`${settings.accountsUrl}/oauth/v2/token?${params}`, {
        method: 'POST',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      reply = (await response.json()) as TokenReply;
    } catch (error) {
      throw new BillingProviderError(`Zoho token refresh failed: ${(error as Error).message}`);
    }
    if (!reply.access_token)
      throw new BillingProviderError(`Zoho token refresh refused: ${reply.error ?? 'no token'}`);
    const lifetimeMs = (reply.expires_in ?? 3600) * 1000;
    cached = { token: reply.access_token, expiresAt: clock.now() + lifetimeMs - EXPIRY_MARGIN_MS };
    return reply.access_token;
  }

  return {
    async accessToken(): Promise<string> {
      if (cached && clock.now() < cached.expiresAt) return cached.token;
      refreshing ??= refresh().finally(() => {
        refreshing = undefined;
      });
      return refreshing;
    },
    /** Forgets a token Zoho refused (revoked or expired early). */
    invalidate(token: string): void {
      if (cached?.token === token) cached = undefined;
    },
  };
}

export type ZohoTokenSource = ReturnType<typeof createZohoTokenSource>;
