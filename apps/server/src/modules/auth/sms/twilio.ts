import { z } from 'zod';
import { failureOfStatus, smsHttp } from './sms-http';
import { SMS_RETRY_AFTER_SECONDS, SmsDeliveryError, type SmsMessage, type SmsSender } from './sms-sender';

export interface TwilioOptions {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The registered sender (DLT header or number), or a Messaging Service SID (`MG...`). */
  senderId: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Twilio's error body: `{code, message, more_info, status}`. */
const twilioErrorSchema = z.object({ code: z.number().optional(), message: z.string().optional() });

/** Twilio error codes about the recipient: invalid To, To not a mobile number, region not enabled, To unsubscribed. */
const RECIPIENT_ERRORS = new Set([21211, 21614, 21408, 21610, 21612]);

/**
 * Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP basic auth
 * (Account SID and Auth Token) and a form body `To`, `From` (or `MessagingServiceSid`) and `Body`. The body must
 * match the DLT template registered for the sender.
 */
export function createTwilioSender(options: TwilioOptions): SmsSender {
  const fetchImpl = options.fetch ?? fetch;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  const sender: Record<string, string> = /^MG[0-9a-f]{32}$/i.test(options.senderId)
    ? { MessagingServiceSid: options.senderId }
    : { From: options.senderId };
  return {
    provider: 'twilio',
    async send(message: SmsMessage): Promise<void> {
      const reply = await smsHttp(
        fetchImpl,
        `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${auth}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: `+91${message.phone}`, ...sender, Body: message.text }).toString(),
        },
        options.timeoutMs,
      );
      if (reply.status >= 200 && reply.status < 300) return;
      const parsed = twilioErrorSchema.safeParse(reply.body);
      const code = parsed.success ? parsed.data.code : undefined;
      const detail = `Twilio HTTP ${reply.status}, code ${code}: ${parsed.success ? parsed.data.message : 'unreadable reply'}`;
      const byStatus = failureOfStatus(reply, detail);
      if (byStatus) throw byStatus;
      // Any other refusal (our credentials, sender or account) is ours to fix, not the user's.
      const reason = code !== undefined && RECIPIENT_ERRORS.has(code) ? 'badNumber' : 'unavailable';
      throw new SmsDeliveryError(reason, SMS_RETRY_AFTER_SECONDS, detail);
    },
  };
}
