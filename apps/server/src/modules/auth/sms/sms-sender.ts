/** One text to one Indian mobile number (10 digits, without +91). */
export interface SmsMessage {
  phone: string;
  /** The one-time code, for providers whose DLT template carries it as a variable. */
  code: string;
  /** The whole text, for providers that send the body as given (it must match the DLT template). */
  text: string;
}

/**
 * Why a text was not sent. `badNumber`: the provider refused the recipient; `rateLimited`: the provider asks us
 * to slow down; `unavailable`: the provider is down, refused our keys or template, or did not answer in time.
 */
export type SmsFailureReason = 'badNumber' | 'rateLimited' | 'unavailable';

/** A text the provider did not take; `retryAfterSeconds` is how long to wait before trying again. */
export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: SmsFailureReason,
    readonly retryAfterSeconds: number,
    detail: string,
  ) {
    super(detail);
    this.name = 'SmsDeliveryError';
  }
}

/** A provider of SMS in India (DLT-registered sender and templates). */
export interface SmsSender {
  readonly provider: 'msg91' | 'twilio';
  /** Resolves once the provider accepted the text; throws SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/** Wait suggested when a provider is down and gives no Retry-After. */
export const SMS_RETRY_AFTER_SECONDS = 30;
