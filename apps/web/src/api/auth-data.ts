import { otpChannelSchema } from '@xtrader/core/api/auth';
import { toast } from 'sonner';
import { z } from 'zod';

export { accessTokenData } from './access-token-data';

/**
 * `data` of OTP requests: where the code went (`channels`) and, outside production, the code itself for
 * developers and tests.
 */
export const devOtpData = z
  .object({ devOtp: z.string().optional(), channels: z.array(otpChannelSchema).optional() })
  .loose()
  .nullish();

/** Shows a development OTP so a developer can finish a flow without reading server logs. */
export function announceDevOtp(data: z.infer<typeof devOtpData>): void {
  if (data?.devOtp) toast.info(`Your OTP is ${data.devOtp} (development)`);
}
