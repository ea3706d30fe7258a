import { z } from 'zod';
import { httpUrl, optionalText, withoutTrailingSlash } from './config-fields';

// OTP delivery by SMS (see docs/config.md): the variables and what they make. Pure over the values config.ts parsed.

/** The SMS variables, part of config.ts's environment schema. */
export const SMS_ENV_FIELDS = {
  XT_SMS_PROVIDER: z.enum(['none', 'msg91', 'twilio']).default('none'),
  XT_SMS_DLT_TEMPLATE_ID: optionalText,
  XT_SMS_SENDER_ID: optionalText,
  XT_SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  XT_MSG91_AUTH_KEY: optionalText,
  XT_MSG91_BASE_URL: httpUrl.default('https://control.msg91.com'),
  XT_TWILIO_ACCOUNT_SID: optionalText,
  XT_TWILIO_AUTH_TOKEN: optionalText,
  XT_TWILIO_BASE_URL: httpUrl.default('https://api.twilio.com'),
};

const smsEnvSchema = z.object(SMS_ENV_FIELDS);
type SmsEnv = z.infer<typeof smsEnvSchema>;

/** SMS delivery of OTPs through a provider with DLT-registered templates (see docs/config.md). */
export type SmsSettings = Readonly<
  | {
      provider: 'msg91';
      baseUrl: string;
      authKey: string;
      /** MSG91's id of the DLT-approved OTP template. */
      templateId: string;
      timeoutMs: number;
    }
  | {
      provider: 'twilio';
      baseUrl: string;
      accountSid: string;
      authToken: string;
      /** `From`: the DLT header (sender id) or number; an `MG...` id is sent as the Messaging Service. */
      senderId: string;
      timeoutMs: number;
    }
>;

/** The SMS provider's settings from its variables; each provider needs its own keys (the missing ones are named). */
export function parseSmsSettings(e: SmsEnv): { settings: SmsSettings | undefined; problems: string[] } {
  const missing = (required: Record<string, string | undefined>) =>
    Object.entries(required)
      .filter(([, value]) => value === undefined)
      .map(([key]) => `${key}: required when XT_SMS_PROVIDER is ${e.XT_SMS_PROVIDER}`);
  if (e.XT_SMS_PROVIDER === 'msg91') {
    const problems = missing({
      XT_MSG91_AUTH_KEY: e.XT_MSG91_AUTH_KEY,
      XT_SMS_DLT_TEMPLATE_ID: e.XT_SMS_DLT_TEMPLATE_ID,
    });
    if (problems.length > 0) return { settings: undefined, problems };
    const settings: SmsSettings = Object.freeze({
      provider: 'msg91',
      baseUrl: withoutTrailingSlash(e.XT_MSG91_BASE_URL),
      authKey: e.XT_MSG91_AUTH_KEY as string,
      templateId: e.XT_SMS_DLT_TEMPLATE_ID as string,
      timeoutMs: e.XT_SMS_TIMEOUT_MS,
    });
    return { settings, problems: [] };
  }
  if (e.XT_SMS_PROVIDER === 'twilio') {
    const problems = missing({
      XT_TWILIO_ACCOUNT_SID: e.XT_TWILIO_ACCOUNT_SID,
      XT_TWILIO_AUTH_TOKEN: e.XT_TWILIO_AUTH_TOKEN,
      XT_SMS_SENDER_ID: e.XT_SMS_SENDER_ID,
    });
    if (problems.length > 0) return { settings: undefined, problems };
    const settings: SmsSettings = Object.freeze({
      provider: 'twilio',
      baseUrl: withoutTrailingSlash(e.XT_TWILIO_BASE_URL),
      accountSid: e.XT_TWILIO_ACCOUNT_SID as string,
      authToken: e.XT_TWILIO_AUTH_TOKEN as string,
      senderId: e.XT_SMS_SENDER_ID as string,
      timeoutMs: e.XT_SMS_TIMEOUT_MS,
    });
    return { settings, problems: [] };
  }
  return { settings: undefined, problems: [] };
}
