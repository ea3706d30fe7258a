/**
 * Every refusal the domain (orders, risk, portfolio, brokers, auth, billing) can make, as a closed list. Domain code names what
 * went wrong; only the HTTP error handler decides which status a code answers with.
 */
export const DOMAIN_ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'idempotency_key_reused',
  'rate_limited',
  'order_rejected',
  'broker_refused',
  'no_broker',
  'other_broker',
  'subscription_required',
  // One of the trader's own discipline rules (max trades, max loss lock, cool-down, cut-off, no market orders).
  'discipline_hold',
  'squaring_off',
  'invalid_targets',
  'not_in_practice_mode',
  'broker_not_configured',
  'broker_session_expired',
  'broker_login_failed',
  'missing_credentials',
  'bad_postback',
  'forged_postback',
  'bad_credentials',
  'otp_missing',
  'otp_invalid',
  'otp_used',
  'otp_locked',
  'otp_expired',
  'otp_bad_number',
  'otp_not_sent',
  'account_exists',
  'phone_not_verified',
  'verification_expired',
  'bad_reset_request',
  'no_account',
  'plan_not_direct',
  'plan_not_paid',
  'trial_used',
  'bad_signature',
  'billing_unavailable',
  'engine_moved',
  'engine_unreachable',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export type DomainErrorDetails = Readonly<{
  /** For `rate_limited`: how long the client should wait before trying again. */
  retryAfterSeconds?: number;
  [key: string]: unknown;
}>;

/** A refusal by the domain; `message` is shown to the client as is, so it must not leak internals. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
