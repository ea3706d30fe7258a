import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import type { OtpPurpose } from './tables';

/** One code to deliver; `email` is the address of the account being created or reset. */
export interface OtpMessage {
  phone: string;
  email: string;
  name: string;
  code: string;
  purpose: OtpPurpose;
}

/** Delivers one-time codes. `kind` tells the service whether the code may be shown to developers. */
export interface OtpSender {
  readonly kind: 'outbox' | 'smtp';
  send(message: OtpMessage): Promise<void>;
}

/** A message kept by the dev outbox. */
export interface OutboxEntry extends OtpMessage {
  text: string;
  sentAt: number;
}

const OUTBOX_SIZE = 100;

const describePurpose = (purpose: OtpPurpose) => (purpose === 'signup' ? 'sign up' : 'reset your password');

/** The text sent to the user. */
const otpText = (message: OtpMessage): string =>
  `${message.code} is your X-Trader OTP to ${describePurpose(message.purpose)}. It expires in 5 minutes. Do not share it with anyone.`;

/** Default sender for development and tests: logs the message and keeps the latest ones in memory. */
export class OutboxOtpSender implements OtpSender {
  readonly kind = 'outbox';
  readonly #entries: OutboxEntry[] = [];

  constructor(
    private readonly logger: Logger,
    private readonly clock: Clock,
    /** Production must never write a code to the log. */
    private readonly revealCodes: boolean,
  ) {}

  async send(message: OtpMessage): Promise<void> {
    const phoneTail = message.phone.slice(-4);
    if (!this.revealCodes) {
      this.logger.warn({ phoneTail }, 'OTP not delivered: configure SMTP_URL and SMTP_FROM to email OTPs');
      return;
    }
    const entry: OutboxEntry = { ...message, text: otpText(message), sentAt: this.clock.now() };
    this.#entries.unshift(entry);
    this.#entries.length = Math.min(this.#entries.length, OUTBOX_SIZE);
    this.logger.info(
      { phone: message.phone, email: message.email, purpose: message.purpose },
      `OTP outbox: ${entry.text}`,
    );
  }

  /** Messages sent so far, latest first. */
  entries(): readonly OutboxEntry[] {
    return [...this.#entries];
  }
}

/** Emails the code to the account's address through SMTP. */
export class SmtpOtpSender implements OtpSender {
  readonly kind = 'smtp';

  constructor(
    private readonly transport: Pick<Transporter, 'sendMail'>,
    private readonly from: string,
  ) {}

  async send(message: OtpMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.email,
      subject: 'Your X-Trader OTP',
      text: `Hello ${message.name},\n\n${otpText(message)}\n\nIf you did not ask for it, ignore this email.\n`,
    });
  }
}

/** SMTP when configured, otherwise the outbox (which only shows codes outside production). */
export function createOtpSender(config: Config, logger: Logger, clock: Clock): OtpSender {
  if (config.smtp) return new SmtpOtpSender(nodemailer.createTransport(config.smtp.url), config.smtp.from);
  return new OutboxOtpSender(logger, clock, !config.isProduction);
}
