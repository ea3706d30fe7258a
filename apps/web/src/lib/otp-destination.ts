import type { OtpChannel } from '@xtrader/core/api/auth';

/** The phone as the user reads it: `+91 98765 43210`. */
const indianPhone = (phone: string) => `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`.trimEnd();

/**
 * Where the server says the code went, in words: "by SMS to +91 …", "by email to …", both, or the development
 * outbox. Without channels (an older server) it names the phone, as the screens always did.
 */
export function otpDestination(
  channels: readonly OtpChannel[] | undefined,
  phone: string,
  email: string,
): string {
  const sms = `by SMS to ${indianPhone(phone)}`;
  const mail = `by email to ${email}`;
  if (!channels || channels.length === 0) return `for ${indianPhone(phone)}`;
  if (channels.includes('outbox'))
    return `for ${indianPhone(phone)} (development: see the notice or the dev outbox)`;
  if (channels.includes('sms') && channels.includes('email')) return `${sms} and ${mail}`;
  return channels.includes('email') ? mail : sms;
}
