import {
  AUTH_MESSAGES,
  accessTokenResponseSchema,
  forgotPasscodeRequestSchema,
  loginRequestSchema,
  otpRequestSchema,
  resetPasscodeRequestSchema,
  resetRequestIdResponseSchema,
  signupRequestSchema,
  userInfoSchema,
  verifyOtpRequestSchema,
  verifyResetPasscodeOtpRequestSchema,
} from '@xtrader/core/api/auth';
import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { userSettingsPatchSchema, userSettingsSchema } from '@xtrader/core/api/settings';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { ApiApp } from '../../http/types';
import type { AccountService } from './account';
import { currentUser } from './authenticate';
import type { AuthService } from './service';

export interface AuthRouteDeps {
  auth: AuthService;
  account: AccountService;
  requireUser: preHandlerAsyncHookHandler;
  /** Outside production the code is echoed back (`data.devOtp`) so local use and tests need no inbox. */
  revealOtp: boolean;
}

const otpSentSchema = envelopeSchema(z.object({ devOtp: z.string().optional() }));
const emptySchema = envelopeSchema(z.object({}));
const userInfoResponseSchema = envelopeSchema(
  z.object({
    user: userInfoSchema.shape.user.extend({ referralCode: z.string() }),
    settings: userSettingsSchema,
  }),
);
const tags = ['auth'];
const secured = [{ accessToken: [] }];

/** `/auth/...`: signup with OTP, login, password reset, logout, profile and settings (SPEC section 7). */
export function registerAuthRoutes(app: ApiApp, deps: AuthRouteDeps): void {
  const { auth, account, requireUser } = deps;
  const otpSent = (code: string, message: string) => ok(deps.revealOtp ? { devOtp: code } : {}, message);

  app.post(
    '/auth/otp',
    { schema: { tags, body: otpRequestSchema, response: { 200: otpSentSchema } } },
    async (request) => otpSent(await auth.requestSignupOtp(request.body, request.ip), 'OTP sent'),
  );

  app.post(
    '/auth/verifyOtp',
    { schema: { tags, body: verifyOtpRequestSchema, response: { 200: emptySchema } } },
    async (request) => {
      await auth.verifySignupOtp(request.body.phone, request.body.OTP);
      return ok({}, 'OTP verified');
    },
  );

  const tokenResponse = { 200: envelopeSchema(accessTokenResponseSchema) };
  app.post(
    '/auth/signup',
    { schema: { tags, body: signupRequestSchema, response: tokenResponse } },
    async (request) => {
      const { accessToken } = await auth.signup(request.body);
      return ok({ accessToken }, 'Signup successful');
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags, body: loginRequestSchema, response: tokenResponse } },
    async (request) => {
      const { accessToken } = await auth.login(request.body.username, request.body.passcode, request.ip);
      return ok({ accessToken }, 'Login successful');
    },
  );

  app.post(
    '/auth/forgotPasscode',
    { schema: { tags, body: forgotPasscodeRequestSchema, response: { 200: otpSentSchema } } },
    async (request) =>
      otpSent(await auth.requestResetOtp(request.body.email, request.body.phone, request.ip), 'OTP sent'),
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

  app.post(
    '/auth/logout',
    { preHandler: requireUser, schema: { tags, security: secured, response: { 200: emptySchema } } },
    async (request) => {
      const user = currentUser(request);
      await auth.logout({ userId: user.id, sessionId: user.sessionId });
      return ok({}, 'Logged out');
    },
  );

  app.get(
    '/auth/getUserInfo',
    {
      preHandler: requireUser,
      schema: { tags, security: secured, response: { 200: userInfoResponseSchema } },
    },
    async (request) => ok(await account.getUserInfo(currentUser(request).id), 'success'),
  );

  app.put(
    '/auth/editUserSetting',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: secured,
        body: userSettingsPatchSchema,
        response: { 200: envelopeSchema(userSettingsSchema) },
      },
    },
    async (request) =>
      ok(await account.updateSettings(currentUser(request).id, request.body), 'User settings updated!'),
  );
}
