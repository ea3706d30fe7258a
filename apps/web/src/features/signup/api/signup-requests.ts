import { accessTokenData, devOtpData } from '../../../api/auth-data';
import { api } from '../../../api/client';

// The three calls of signup.

export type SignupDetails = { name: string; email: string; phone: string; referralCode: string };

export const requestSignupOtp = ({ name, email, phone }: SignupDetails) =>
  api.post('/auth/otp', { name, email, phone }, { data: devOtpData });

export const verifySignupOtp = (phone: string, otp: string) =>
  api.post('/auth/verifyOtp', { phone, OTP: otp });

export const signup = ({ name, email, phone, referralCode }: SignupDetails, passcode: string) =>
  api.post(
    '/auth/signup',
    // An empty referral code is no referral code.
    { name, email, phone, passcode, referralCode: referralCode.trim() || undefined },
    { data: accessTokenData },
  );
