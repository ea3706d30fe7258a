import {
  AUTH_MESSAGES,
  accessTokenResponseSchema,
  forgotPasscodeRequestSchema,
  loginRequestSchema,
  otpRequestSchema,
  otpSentDataSchema,
  resetPasscodeRequestSchema,
  resetRequestIdResponseSchema,
  signupRequestSchema,
  userInfoSchema,
  verifyOtpRequestSchema,
  verifyResetPasscodeOtpRequestSchema,
} from '@xtrader/core/api/auth';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import {
  SETTINGS_UPDATED_MESSAGE,
  userSettingsPatchSchema,
  userSettingsSchema,
} from '@xtrader/core/api/settings';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../http/types';
import type { AccountService } from './account';
import { currentUser } from './authenticate';
import type { OtpIssued } from './otp-delivery-error';
import type { AuthService } from './service';

export interface AuthRouteDeps {
  auth: AuthService;
  account: AccountService;
  requireUser: preHandlerAsyncHookHandler;
  /** Outside production the code is echoed back (`data.devOtp`) so local use and tests need no inbox. */
  revealOtp: boolean;
}

const otpSentSchema = envelopeSchema(otpSentDataSchema);
const emptySchema = envelopeSchema(z.object({}));
const tokenResponse = { 200: envelopeSchema(accessTokenResponseSchema) };
const userInfoResponseSchema = envelopeSchema(
  z.object({
    user: userInfoSchema.shape.user.extend({ referralCode: z.string() }),
    settings: userSettingsSchema,
  }),
);
const tags = ['auth'];
const security = [{ accessToken: [] }];

/** `/auth/...`: signup with OTP, login, password reset, logout, profile and settings. */
export function registerAuthRoutes(app: ApiApp, deps: AuthRouteDeps): void {
  registerSignupRoutes(app, deps);
  registerLoginRoutes(app, deps);
  registerPasswordResetRoutes(app, deps);
  registerProfileRoutes(app, deps);
}

/**
 * Says where the code went (`channels`: sms to the phone, email to the account's address, or the dev outbox);
 * the same answer whether or not a code went out (a password reset for no account sends none).
 */
const otpSent = (deps: AuthRouteDeps, { code, channels }: OtpIssued) =>
  ok(
    { ...(deps.revealOtp && code !== undefined ? { devOtp: code } : {}), channels: [...channels] },
    'OTP sent',
  );

function registerSignupRoutes(app: ApiApp, deps: AuthRouteDeps): void {
  const { auth } = deps;
  app.post(
    '/auth/otp',
    { schema: { tags, body: otpRequestSchema, response: { 200: otpSentSchema } } },
    async (request) => otpSent(deps, await auth.requestSignupOtp(request.body, request.ip)),
  );
  app.post(
    '/auth/verifyOtp',
    { schema: { tags, body: verifyOtpRequestSchema, response: { 200: emptySchema } } },
    async (request) => {
      await auth.verifySignupOtp(request.body.phone, request.body.OTP);
      return ok({}, 'OTP verified');
    },
  );
  app.post(
    '/auth/signup',
    { schema: { tags, body: signupRequestSchema, response: tokenResponse } },
    async (request) =>
      ok({ accessToken: (await auth.signup(request.body)).accessToken }, 'Signup successful'),
  );
}

function registerLoginRoutes(app: ApiApp, { auth, requireUser }: AuthRouteDeps): void {
  app.post(
    '/auth/login',
    { schema: { tags, body: loginRequestSchema, response: tokenResponse } },
    async (request) => {
      const { accessToken } = await auth.login(request.body.username, request.body.passcode, request.ip);
      return ok({ accessToken }, 'Login successful');
    },
  );
  app.post(
    '/auth/logout',
    { preHandler: requireUser, schema: { tags, security, response: { 200: emptySchema } } },
    async (request) => {
      const user = currentUser(request);
      await auth.logout({ userId: user.id, sessionId: user.sessionId });
      return ok({}, 'Logged out');
    },
  );
}

function registerPasswordResetRoutes(app: ApiApp, deps: AuthRouteDeps): void {
  const { auth } = deps;
  app.post(
    '/auth/forgotPasscode',
    { schema: { tags, body: forgotPasscodeRequestSchema, response: { 200: otpSentSchema } } },
    async (request) =>
      otpSent(deps, await auth.requestResetOtp(request.body.email, request.body.phone, request.ip)),
  );
  app.post(
    '/auth/verifyRestPasscodeOTP',
    {
      schema: {
        tags,
        body: verifyResetPasscodeOtpRequestSchema,
        response: { 200: envelopeSchema(resetRequestIdResponseSchema) },
      },
    },
    async (request) =>
      ok({ requestId: await auth.verifyResetOtp(request.body.phone, request.body.otp) }, 'OTP verified'),
  );
  app.post(
    '/auth/resetPasscode',
    { schema: { tags, body: resetPasscodeRequestSchema, response: { 200: emptySchema } } },
    async (request) => {
      await auth.resetPassword(request.body.phone, request.body.passcode, request.body.requestID);
      return ok({}, AUTH_MESSAGES.passwordReset);
    },
  );
}

function registerProfileRoutes(app: ApiApp, { account, requireUser }: AuthRouteDeps): void {
  app.get(
    '/auth/getUserInfo',
    { preHandler: requireUser, schema: { tags, security, response: { 200: userInfoResponseSchema } } },
    async (request) => ok(await account.getUserInfo(currentUser(request).id), 'success'),
  );
  app.put(
    '/auth/editUserSetting',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        body: userSettingsPatchSchema,
        response: { 200: envelopeSchema(userSettingsSchema) },
      },
    },
    async (request) =>
      ok(await account.updateSettings(currentUser(request).id, request.body), SETTINGS_UPDATED_MESSAGE),
  );
}
