import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type DomainError, type DomainErrorCode, isDomainError } from '../domain-error';

type ValidationIssue = { instancePath?: string; message?: string };
type ErrorReply = { status: number; message: string; headers: Readonly<Record<string, string>> };

const INTERNAL_ERROR = 'Internal server error';

/**
 * Fastify's own refusals, in words a client can act on. Some of Fastify's messages echo the request (a whole URL
 * path), which an error reply must not do.
 */
const FRAMEWORK_MESSAGES: Readonly<Record<string, { status: number; message: string }>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A part of the URL path is too long' },
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid' },
};

/** The one place a domain error code becomes an HTTP status. */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  order_rejected: 400,
  broker_refused: 400,
  no_broker: 400,
  other_broker: 400,
  subscription_required: 403,
  discipline_hold: 403,
  squaring_off: 409,
  invalid_targets: 400,
  not_in_practice_mode: 400,
  broker_not_configured: 400,
  broker_session_expired: 400,
  broker_login_failed: 400,
  missing_credentials: 400,
  bad_postback: 400,
  forged_postback: 401,
  bad_credentials: 401,
  otp_missing: 400,
  otp_invalid: 400,
  otp_used: 400,
  otp_locked: 400,
  otp_expired: 400,
  otp_bad_number: 422,
  otp_not_sent: 503,
  account_exists: 400,
  phone_not_verified: 400,
  verification_expired: 400,
  bad_reset_request: 400,
  no_account: 400,
  plan_not_direct: 400,
  plan_not_paid: 400,
  trial_used: 409,
  bad_signature: 401,
  billing_unavailable: 502,
  // Another instance runs the user's engine (cluster/): the client may simply try again.
  engine_moved: 503,
  engine_unreachable: 503,
};

function describeDomainError(error: DomainError): ErrorReply {
  const wait = error.details.retryAfterSeconds;
  const headers: Record<string, string> =
    typeof wait === 'number' && wait > 0 ? { 'retry-after': String(Math.ceil(wait)) } : {};
  return { status: DOMAIN_ERROR_STATUS[error.code] ?? 500, message: error.message, headers };
}

/** Longest field name and message a validation answer repeats: both can come from the request's own keys. */
const MAX_FIELD_PART = 40;
const MAX_VALIDATION_MESSAGE = 300;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * `phone: Phone number should be 10 digits long.`: the field path first, so the client knows what to fix. Field
 * names and zod's messages (an unknown key's name) echo the request, so both are clipped: a huge or numerous key
 * must not come back as a huge answer.
 */
function describeValidationIssue(issue: ValidationIssue, context: string | undefined): string {
  const field = (issue.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((part) => clip(part, MAX_FIELD_PART))
    .join('.');
  const message = clip(issue.message ?? 'Invalid value', MAX_VALIDATION_MESSAGE);
  if (field) return `${field}: ${message}`;
  return context ? `${context}: ${message}` : message;
}

/** Turns any thrown value into the status, message and headers the client gets. */
export function describeError(error: unknown): ErrorReply {
  if (isDomainError(error)) return describeDomainError(error);
  const fastifyError = error as Partial<FastifyError> & { validationContext?: string };
  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(fastifyError.validation)) {
    const first = (fastifyError.validation as ValidationIssue[] | undefined)?.[0] ?? {};
    return {
      status: 400,
      message: describeValidationIssue(first, fastifyError.validationContext),
      headers: {},
    };
  }
  const known = typeof fastifyError.code === 'string' ? FRAMEWORK_MESSAGES[fastifyError.code] : undefined;
  if (known) return { ...known, headers: {} };
  const status = fastifyError.statusCode;
  // Fastify's own 4xx errors (bad JSON, wrong content type, body too large) carry safe, useful messages.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: fastifyError.message ?? 'Bad request', headers: {} };
  }
  return { status: 500, message: INTERNAL_ERROR, headers: {} };
}

/** Answers a failed request `{ success: false, message }`; 5xx never reveal internals. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, message, headers } = describeError(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ status, message }, 'request refused');
  return reply.code(status).headers(headers).send({ success: false, message });
}

/** The one error handler: every error a route or hook throws goes through `sendError`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}

/**
 * JSON bodies: Fastify's safe parser, except that an empty body counts as no body (clients often send the
 * JSON content type on body-less POSTs such as logout); the route's schema then decides if one was needed.
 */
export function installJsonParser(app: FastifyInstance): void {
  // Only JSON bodies (and the few routes that add their own parser): a text/plain body gets a 415.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
