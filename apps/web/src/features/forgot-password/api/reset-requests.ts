import { resetRequestIdResponseSchema } from '@xtrader/core/api/auth';
import { devOtpData } from '../../../api/auth-data';
import { api } from '../../../api/client';

// The three calls of the password reset.

export const requestResetOtp = (email: string, phone: string) =>
  api.post('/auth/forgotPasscode', { email, phone }, { data: devOtpData });

/** Trades the four digits for the request id that authorises step 3. */
export const verifyResetOtp = (phone: string, otp: string) =>
  api.post('/auth/verifyRestPasscodeOTP', { phone, otp }, { data: resetRequestIdResponseSchema });

export const resetPasscode = (phone: string, passcode: string, requestID: string) =>
  api.post('/auth/resetPasscode', { phone, passcode, requestID });
