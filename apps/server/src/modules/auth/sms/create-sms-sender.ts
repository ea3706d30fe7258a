import type { SmsSettings } from '../../../config';
import { createMsg91Sender } from './msg91';
import type { SmsSender } from './sms-sender';
import { createTwilioSender } from './twilio';

/** The configured SMS provider, or undefined when none is. */
export function createSmsSender(
  settings: SmsSettings | undefined,
  fetchImpl?: typeof fetch,
): SmsSender | undefined {
  const withFetch = fetchImpl ? { fetch: fetchImpl } : {};
  if (settings?.provider === 'msg91') return createMsg91Sender({ ...settings, ...withFetch });
  if (settings?.provider === 'twilio') return createTwilioSender({ ...settings, ...withFetch });
  return undefined;
}
