import type { OtpChannel } from '@xtrader/core/api/auth';
import { DomainError, type DomainErrorCode } from '../../domain-error';
import type { SmsFailureReason } from './sms/sms-sender';

export type { OtpChannel };

/** The domain code of each reason no channel took the code (422, 429 and 503 in http/error-handler.ts). */
const CODE: Readonly<Record<SmsFailureReason, DomainErrorCode>> = {
  badNumber: 'otp_bad_number',
  rateLimited: 'rate_limited',
  unavailable: 'otp_not_sent',
};

const channelWords = (channels: readonly OtpChannel[]) =>
  channels.includes('sms') && channels.includes('email')
    ? 'by SMS or email'
    : channels.includes('email')
      ? 'by email'
      : 'by SMS';

/** No channel delivered the code: the user is told why and when to try again (the resend limits still apply). */
export class OtpDeliveryError extends DomainError {
  constructor(
    readonly reason: SmsFailureReason,
    readonly retryAfterSeconds: number,
    channels: readonly OtpChannel[],
  ) {
    const how = channelWords(channels);
    super(
      CODE[reason],
      reason === 'badNumber'
        ? `Could not send the code ${how} to this number. Please check the mobile number.`
        : `Could not send the code ${how}, try again in ${retryAfterSeconds} s.`,
      reason === 'badNumber' ? {} : { retryAfterSeconds },
    );
  }
}

/** Codes cannot be delivered at all (production without SMS or SMTP): refuse rather than pretend. */
export const otpNotDeliverable = () => new OtpDeliveryError('unavailable', 60, ['sms']);

/** Where one request's code went (or, for a reset that sends nothing, where it would have gone). */
export interface OtpIssued {
  /** The code; undefined when none was sent (a password reset for no account). */
  code: string | undefined;
  channels: readonly OtpChannel[];
}
