import { toast } from 'sonner';
import { z } from 'zod';

export { accessTokenResponseSchema as accessTokenData } from '@xtrader/core/api/auth';

/** `data` of OTP requests: outside production the server returns the code for developers and tests. */
export const devOtpData = z.object({ devOtp: z.string().optional() }).loose().nullish();

/** Shows a development OTP so a developer can finish a flow without reading server logs. */
export function announceDevOtp(data: z.infer<typeof devOtpData>): void {
  if (data?.devOtp) toast.info(`Your OTP is ${data.devOtp} (development)`);
}
