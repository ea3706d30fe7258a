import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { type OtpChannel, OtpDeliveryError, otpNotDeliverable } from './otp-delivery-error';
import { createSmsSender } from './sms/create-sms-sender';
import { SMS_RETRY_AFTER_SECONDS, SmsDeliveryError, type SmsSender } from './sms/sms-sender';
import type { OtpPurpose } from './tables';

export type { OtpChannel } from './otp-delivery-error';

/** One code to deliver; `email` is the address of the account being created or reset. */
export interface OtpMessage {
  phone: string;
  email: string;
  name: string;
  code: string;
  purpose: OtpPurpose;
}

/** Delivers one-time codes. */
export interface OtpSender {
  /** Where codes go when all is well; empty means nowhere (production without SMS or SMTP). */
  readonly channels: readonly OtpChannel[];
  /** Delivers the code; resolves with the channels that took it, or throws OtpDeliveryError if none did. */
  send(message: OtpMessage): Promise<readonly OtpChannel[]>;
}

/** A message kept by the dev outbox. */
export interface OutboxEntry extends OtpMessage {
  text: string;
  sentAt: number;
}

const OUTBOX_SIZE = 100;

const describePurpose = (purpose: OtpPurpose) => (purpose === 'signup' ? 'sign up' : 'reset your password');

/** The text sent to the user (an SMS provider's DLT template must match it). */
export const otpText = (message: Pick<OtpMessage, 'code' | 'purpose'>): string =>
  `${message.code} is your X-Trader OTP to ${describePurpose(message.purpose)}. It expires in 5 minutes. Do not share it with anyone.`;

/** Default sender for development and tests: logs the message and keeps the latest ones in memory. */
export class OutboxOtpSender implements OtpSender {
  readonly channels: readonly OtpChannel[];
  readonly #entries: OutboxEntry[] = [];

  constructor(
    private readonly logger: Logger,
    private readonly clock: Clock,
    /** Production must never write a code to the log: there the outbox delivers nothing and says so. */
    private readonly revealCodes: boolean,
  ) {
    this.channels = revealCodes ? ['outbox'] : [];
  }

  async send(message: OtpMessage): Promise<readonly OtpChannel[]> {
    if (!this.revealCodes) {
      this.logger.error(
        { phoneTail: message.phone.slice(-4) },
        'OTP not delivered: configure XT_SMS_PROVIDER or SMTP_URL and SMTP_FROM',
      );
      throw otpNotDeliverable();
    }
    const entry: OutboxEntry = { ...message, text: otpText(message), sentAt: this.clock.now() };
    this.#entries.unshift(entry);
    this.#entries.length = Math.min(this.#entries.length, OUTBOX_SIZE);
    this.logger.info(
      { phone: message.phone, email: message.email, purpose: message.purpose },
      `OTP outbox: ${entry.text}`,
    );
    return this.channels;
  }

  /** Messages sent so far, latest first. */
  entries(): readonly OutboxEntry[] {
    return [...this.#entries];
  }
}

/** Emails the code to the account's address through SMTP. */
export class SmtpOtpSender implements OtpSender {
  readonly channels: readonly OtpChannel[] = ['email'];

  constructor(
    private readonly transport: Pick<Transporter, 'sendMail'>,
    private readonly from: string,
  ) {}

  async send(message: OtpMessage): Promise<readonly OtpChannel[]> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.email,
        subject: 'Your X-Trader OTP',
        text: `Hello ${message.name},\n\n${otpText(message)}\n\nIf you did not ask for it, ignore this email.\n`,
      });
    } catch {
      throw new OtpDeliveryError('unavailable', SMS_RETRY_AFTER_SECONDS, this.channels);
    }
    return this.channels;
  }
}

/** Texts the code to +91 <phone> through the configured SMS provider. */
export class SmsOtpSender implements OtpSender {
  readonly channels: readonly OtpChannel[] = ['sms'];

  constructor(
    private readonly sms: SmsSender,
    private readonly logger: Logger,
  ) {}

  async send(message: OtpMessage): Promise<readonly OtpChannel[]> {
    try {
      await this.sms.send({ phone: message.phone, code: message.code, text: otpText(message) });
    } catch (error) {
      const failure =
        error instanceof SmsDeliveryError
          ? error
          : new SmsDeliveryError('unavailable', SMS_RETRY_AFTER_SECONDS, String(error));
      this.logger.warn(
        { provider: this.sms.provider, reason: failure.reason, phoneTail: message.phone.slice(-4) },
        `OTP SMS not sent: ${failure.message}`,
      );
      throw new OtpDeliveryError(failure.reason, failure.retryAfterSeconds, this.channels);
    }
    return this.channels;
  }
}

/**
 * SMS first, email as a second channel: both are tried, and the code counts as sent if either took it. Only when
 * both fail does the user get the SMS failure (the more telling one).
 */
export class BothChannelsOtpSender implements OtpSender {
  readonly channels: readonly OtpChannel[] = ['sms', 'email'];

  constructor(
    private readonly sms: OtpSender,
    private readonly email: OtpSender,
    private readonly logger: Logger,
  ) {}

  async send(message: OtpMessage): Promise<readonly OtpChannel[]> {
    const [bySms, byEmail] = await Promise.allSettled([this.sms.send(message), this.email.send(message)]);
    const delivered = [bySms, byEmail].flatMap((result) =>
      result.status === 'fulfilled' ? result.value : [],
    );
    if (delivered.length > 0) {
      if (byEmail.status === 'rejected') this.logger.warn('OTP email not sent; the SMS was');
      return delivered;
    }
    const failure = bySms.status === 'rejected' ? bySms.reason : undefined;
    if (failure instanceof OtpDeliveryError)
      throw new OtpDeliveryError(failure.reason, failure.retryAfterSeconds, this.channels);
    throw new OtpDeliveryError('unavailable', SMS_RETRY_AFTER_SECONDS, this.channels);
  }
}

/**
 * SMS and/or SMTP as configured; without either, the outbox (which shows codes outside production and refuses to
 * pretend in production).
 */
export function createOtpSender(
  config: Config,
  logger: Logger,
  clock: Clock,
  fetchImpl?: typeof fetch,
): OtpSender {
  const smsProvider = createSmsSender(config.sms, fetchImpl);
  const sms = smsProvider ? new SmsOtpSender(smsProvider, logger) : undefined;
  const email = config.smtp
    ? new SmtpOtpSender(nodemailer.createTransport(config.smtp.url), config.smtp.from)
    : undefined;
  if (sms && email) return new BothChannelsOtpSender(sms, email, logger);
  return sms ?? email ?? new OutboxOtpSender(logger, clock, !config.isProduction);
}
