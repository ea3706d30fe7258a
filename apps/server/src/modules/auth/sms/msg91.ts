import { z } from 'zod';
import { failureOfStatus, smsHttp } from './sms-http';
import { SMS_RETRY_AFTER_SECONDS, SmsDeliveryError, type SmsMessage, type SmsSender } from './sms-sender';

export interface Msg91Options {
  baseUrl: string;
  authKey: string;
  /** MSG91's id of the DLT-approved OTP template (the template holds the text and the ##OTP## variable). */
  templateId: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** MSG91 answers `{type: 'success', request_id}` or `{type: 'error', message}`, often with HTTP 200 either way. */
const msg91ReplySchema = z.object({
  type: z.string(),
  message: z.string().optional(),
  request_id: z.string().optional(),
});

/** An error message that names the recipient (as opposed to our key, template or account). */
const NUMBER_PROBLEM = /mobile|number/i;

/** Minutes a code stays valid; MSG91 is told, although we check codes ourselves. */
const OTP_EXPIRY_MINUTES = 5;

/**
 * MSG91 SendOTP v5: `POST /api/v5/otp?template_id=&mobile=91XXXXXXXXXX&otp=` with the `authkey` header. We pass
 * our own code (`otp`), so MSG91 only delivers it; verification stays ours.
 */
export function createMsg91Sender(options: Msg91Options): SmsSender {
  const fetchImpl = options.fetch ?? fetch;
  return {
    provider: 'msg91',
    async send(message: SmsMessage): Promise<void> {
      const query = new URLSearchParams({
        template_id: options.templateId,
        mobile: `91${message.phone}`,
        otp: message.code,
        otp_expiry: String(OTP_EXPIRY_MINUTES),
      });
      const reply = await smsHttp(
        fetchImpl,
        `${options.baseUrl}/api/v5/otp?${query}`,
        {
          method: 'POST',
          headers: {
            authkey: options.authKey,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({}),
        },
        options.timeoutMs,
      );
      const parsed = msg91ReplySchema.safeParse(reply.body);
      const detail = `MSG91 HTTP ${reply.status}: ${parsed.success ? (parsed.data.message ?? parsed.data.type) : 'unreadable reply'}`;
      const byStatus = failureOfStatus(reply, detail);
      if (byStatus) throw byStatus;
      if (reply.status < 300 && parsed.success && parsed.data.type === 'success') return;
      const reason =
        parsed.success && NUMBER_PROBLEM.test(parsed.data.message ?? '') ? 'badNumber' : 'unavailable';
      throw new SmsDeliveryError(reason, SMS_RETRY_AFTER_SECONDS, detail);
    },
  };
}
