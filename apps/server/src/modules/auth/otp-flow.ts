import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES } from '@xtrader/core/api/auth';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import { type OtpIssued, otpNotDeliverable } from './otp-delivery-error';
import type { OtpMessage, OtpSender } from './otp-sender';
import type { AuthStore, OtpRow } from './store';
import type { OtpPurpose } from './tables';

const OTP_TTL_MS = 5 * 60_000;
const OTP_MAX_FAILED_ATTEMPTS = 5;

const OTP_MESSAGES = {
  missing: 'No OTP was requested for this number. Please request a new OTP.',
  expired: 'OTP has expired. Please request a new OTP.',
  locked: 'Too many wrong attempts. Please request a new OTP.',
  used: 'OTP has already been used. Please request a new OTP.',
  invalid: AUTH_MESSAGES.invalidOtp,
} as const;

export interface OtpFlowDeps {
  store: AuthStore;
  sender: OtpSender;
  clock: Clock;
  /** HMAC key for stored code hashes. */
  codeKey: Uint8Array;
}

/** Issuing and checking 4-digit one-time codes: 5 minutes, at most 5 wrong tries, one use. */
export function createOtpFlow({ store, sender, clock, codeKey }: OtpFlowDeps) {
  // The phone and purpose are part of the MAC, so a code hash is useless for any other phone or flow.
  const hashCode = (phone: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', codeKey).update(`${purpose}:${phone}:${code}`).digest('base64');

  const matches = (row: OtpRow, code: string) => {
    const expected = Buffer.from(row.codeHash, 'base64');
    const actual = Buffer.from(hashCode(row.phone, row.purpose, code), 'base64');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  return {
    /** Where codes go when all is well. */
    channels: sender.channels,

    /** Throws a 503 when no channel can deliver a code (checked before anything about an account is revealed). */
    assertDeliverable(): void {
      if (sender.channels.length === 0) throw otpNotDeliverable();
    },

    /**
     * Creates a new code for the phone, sends it, and only then stores it (voiding any earlier one), returning it
     * with the channels that took it. A delivery failure throws OtpDeliveryError and changes nothing: a code the
     * trader already received keeps working rather than being replaced by one nobody has.
     */
    async issue(message: Omit<OtpMessage, 'code'>): Promise<OtpIssued & { code: string }> {
      const code = randomInt(0, 10_000).toString().padStart(4, '0');
      const channels = await sender.send({ ...message, code });
      // The code's 5 minutes run from its delivery.
      const now = clock.now();
      await store.replaceOtp({
        id: randomUUID(),
        phone: message.phone,
        purpose: message.purpose,
        codeHash: hashCode(message.phone, message.purpose, code),
        createdAt: now,
        expiresAt: now + OTP_TTL_MS,
        failedAttempts: 0,
        verifiedAt: null,
      });
      return { code, channels };
    },

    /** Accepts the code once, or throws a 400 saying why not; returns the verified row. */
    async verify(phone: string, purpose: OtpPurpose, code: string): Promise<OtpRow> {
      const row = await store.findOtp(phone, purpose);
      // A reset code exists only for a real account: without one, answer as for a wrong code, so this step
      // does not tell which email and phone belong together.
      if (!row && purpose === 'reset') throw new DomainError('otp_invalid', OTP_MESSAGES.invalid);
      if (!row) throw new DomainError('otp_missing', OTP_MESSAGES.missing);
      if (row.verifiedAt !== null) throw new DomainError('otp_used', OTP_MESSAGES.used);
      if (row.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS)
        throw new DomainError('otp_locked', OTP_MESSAGES.locked);
      if (clock.now() >= row.expiresAt) throw new DomainError('otp_expired', OTP_MESSAGES.expired);
      // The try is counted before the code is compared, so parallel guesses get at most the allowed tries.
      const tries = await store.takeOtpAttempt(row.id, OTP_MAX_FAILED_ATTEMPTS);
      if (tries === undefined) throw new DomainError('otp_locked', OTP_MESSAGES.locked);
      if (!matches(row, code)) {
        if (tries >= OTP_MAX_FAILED_ATTEMPTS) throw new DomainError('otp_locked', OTP_MESSAGES.locked);
        throw new DomainError('otp_invalid', OTP_MESSAGES.invalid);
      }
      const now = clock.now();
      if (!(await store.markOtpVerified(row.id, now))) throw new DomainError('otp_used', OTP_MESSAGES.used);
      return { ...row, verifiedAt: now };
    },
  };
}

export type OtpFlow = ReturnType<typeof createOtpFlow>;
