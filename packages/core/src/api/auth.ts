import { z } from 'zod';
import { BROKER_IDS } from '../brokers/ids';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from '../constants';
import { userSettingsSchema } from './settings';

/** Validation messages, word for word. */
export const AUTH_MESSAGES = {
  missingDetails: 'Please fill in all the details.',
  invalidPhone: 'Phone number should be 10 digits long.',
  invalidEmail: 'Invalid email.',
  shortPassword: 'Password should be minimum 8 characters long.',
  passwordMismatch: 'Passwords must match and have a minimum length of 8 characters.',
  invalidOtp: 'Invalid OTP',
  accountExists: 'Account with this email or number already exist. Please login to continue.',
  passwordReset: 'password reset successful',
} as const;

/** A standard address: local part, @, a domain with a dot and a top-level domain of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

// `abort` stops at the first failed check, so an empty field reports "fill in" rather than also "invalid".
const required = () => z.string({ error: AUTH_MESSAGES.missingDetails }).trim();
const nameSchema = required().min(1, { error: AUTH_MESSAGES.missingDetails, abort: true }).max(100);
export const emailSchema = required()
  .min(1, { error: AUTH_MESSAGES.missingDetails, abort: true })
  .max(254)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail);
export const phoneSchema = z
  .string({ error: AUTH_MESSAGES.invalidPhone })
  .regex(PHONE_PATTERN, AUTH_MESSAGES.invalidPhone);
export const passcodeSchema = z
  .string({ error: AUTH_MESSAGES.shortPassword })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.shortPassword)
  .max(128);
export const otpSchema = z
  .string({ error: AUTH_MESSAGES.invalidOtp })
  .regex(OTP_PATTERN, AUTH_MESSAGES.invalidOtp);

/** POST /auth/login. Login has no client-side rules; the server only needs two strings. */
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, AUTH_MESSAGES.missingDetails).max(254),
  passcode: z.string().min(1, AUTH_MESSAGES.missingDetails).max(128),
});

/** POST /auth/otp: signup step 1 (also the first half of the signup body). */
export const otpRequestSchema = z.object({ name: nameSchema, email: emailSchema, phone: phoneSchema });

/** Where an OTP went: a text to +91 <phone>, an email to the account's address, or the dev outbox. */
export const otpChannelSchema = z.enum(['sms', 'email', 'outbox']);
export type OtpChannel = z.infer<typeof otpChannelSchema>;

/** `data` of an OTP request: the channels, and outside production the code itself (`devOtp`). */
export const otpSentDataSchema = z.object({
  devOtp: z.string().optional(),
  channels: z.array(otpChannelSchema),
});

/** POST /auth/signup. An empty referral code counts as none. */
export const signupRequestSchema = otpRequestSchema.extend({
  passcode: passcodeSchema,
  referralCode: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((code) => (code ? code : undefined)),
});

/** POST /auth/verifyOtp (the field is spelled `OTP`). */
export const verifyOtpRequestSchema = z.object({ phone: phoneSchema, OTP: otpSchema });

/** POST /auth/forgotPasscode. */
export const forgotPasscodeRequestSchema = z.object({ email: emailSchema, phone: phoneSchema });

/** POST /auth/verifyRestPasscodeOTP (sic): the four OTP boxes joined into one string. */
export const verifyResetPasscodeOtpRequestSchema = z.object({ phone: phoneSchema, otp: otpSchema });

/** POST /auth/resetPasscode. */
export const resetPasscodeRequestSchema = z.object({
  phone: phoneSchema,
  passcode: passcodeSchema,
  requestID: z.string().trim().min(1).max(128),
});

/** Client form of the reset step: both fields equal and long enough, with a single message. */
export const newPasswordFormSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .refine((f) => f.password.length >= PASSWORD_MIN_LENGTH && f.password === f.confirmPassword, {
    error: AUTH_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });

/** data of login and signup responses. */
export const accessTokenResponseSchema = z.object({ accessToken: z.string() });
/** data of POST /auth/verifyRestPasscodeOTP. */
export const resetRequestIdResponseSchema = z.object({ requestId: z.string() });

/** Payload of the access token; `expiryAt` is in epoch seconds. */
export const accessTokenPayloadSchema = z.object({ sub: z.string(), expiryAt: z.number().int() });

/** `user.activeBroker`: PAPERTRADE in Practice Mode, a broker id when linked, null when none is active. */
export const activeBrokerSchema = z.enum(BROKER_IDS);

/** data of GET /auth/getUserInfo. */
export const userInfoSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    activeBroker: activeBrokerSchema.nullable(),
    /** The broker account's client id, when one is linked. */
    clientId: z.string().nullable(),
  }),
  /** The user's saved settings (PUT /auth/editUserSetting); every browser the user logs in from starts from them. */
  settings: userSettingsSchema.optional(),
});

export type AccessTokenPayload = z.infer<typeof accessTokenPayloadSchema>;
export type ActiveBroker = z.infer<typeof activeBrokerSchema>;
