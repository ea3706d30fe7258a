import type { Resources } from '../../resources';

// Published after a user's settings were saved: readers that keep a copy (the discipline rules) drop it.
declare module '../../bus/bus' {
  interface BusEvents {
    'settings.saved': { userId: string };
  }
}

import { deriveKey } from '../../secrets';
import type { AppModule } from '../module';
import { type AccountService, createAccountService, defaultSettingsJson } from './account';
import { createRequireUser } from './authenticate';
import { ensureDemoAccount, refuseDemoAccount } from './demo-account';
import { registerDevOutboxRoute } from './dev-routes';
import { createOtpFlow } from './otp-flow';
import { createOtpSender, type OtpSender, OutboxOtpSender } from './otp-sender';
import { authRateLimits, createRateLimiter } from './rate-limit';
import { registerAuthRoutes } from './routes';
import { type AuthService, createAuthService } from './service';
import { type AuthIdentity, createSessions } from './sessions';
import { createAuthStore } from './store';
import { createTokenSigner } from './tokens';

export type { AuthUser } from './authenticate';
export { currentUser, tokenOf } from './authenticate';
export type { AuthIdentity } from './sessions';

export interface AuthModuleOptions {
  /** Replaces the configured OTP delivery (tests). */
  otpSender?: OtpSender;
  /** The `fetch` the SMS provider calls (tests point it at a fake). */
  fetch?: typeof fetch;
}

/** The accounts module, plus what other modules need from it to authenticate their callers. */
export interface AuthModule extends AppModule {
  readonly service: AuthService;
  readonly account: AccountService;
  /** preHandler hook: 401 unless the request carries a valid token; sets `request.user`. */
  readonly requireUser: ReturnType<typeof createRequireUser>;
  /** For the WebSocket gateway: the caller of a token, or null if forged, expired or revoked. */
  verifyAccessToken(token: string): Promise<AuthIdentity | null>;
  /** Whether the user is logged in somewhere: a session neither logged out, revoked nor expired. */
  isLoggedIn(userId: string): Promise<boolean>;
}

export function createAuthModule(resources: Resources, options: AuthModuleOptions = {}): AuthModule {
  const { config, logger, clock, db, dialect, bus, masterKey } = resources;
  const store = createAuthStore(db);
  const sender = options.otpSender ?? createOtpSender(config, logger, clock, options.fetch);
  const sessions = createSessions({
    store,
    signer: createTokenSigner(deriveKey(masterKey, 'access-token'), clock),
    clock,
    bus,
    ttlMs: config.accessTokenTtlHours * 3_600_000,
  });
  const service = createAuthService({
    store,
    otp: createOtpFlow({ store, sender, clock, codeKey: deriveKey(masterKey, 'otp') }),
    sessions,
    limiter: createRateLimiter(db, clock, dialect),
    limits: authRateLimits({ otpSendsPerIpPerHour: config.otpSendsPerIpPerHour }),
    clock,
    defaultSettings: defaultSettingsJson,
  });
  const account = createAccountService({
    store,
    clock,
    // Every instance hears of it (Redis bus): their copies of the user's settings are dropped.
    onSettingsSaved: (userId) => {
      bus.publish('settings.saved', { userId }).catch((error: unknown) => {
        logger.warn({ err: error, userId }, 'settings.saved not published');
      });
    },
  });
  const requireUser = createRequireUser(sessions.verify);

  return {
    name: 'auth',
    service,
    account,
    requireUser,
    verifyAccessToken: sessions.verify,
    isLoggedIn: (userId) => store.hasLiveSession(userId, clock.now()),
    registerRoutes(app) {
      registerAuthRoutes(app, { auth: service, account, requireUser, revealOtp: !config.isProduction });
      if (!config.isProduction) {
        registerDevOutboxRoute(app, () => (sender instanceof OutboxOtpSender ? sender.entries() : []));
      }
    },
    async start() {
      if (config.isProduction) await refuseDemoAccount(store);
      if (!config.isProduction) await ensureDemoAccount(store, service, logger);
      else if (sender.channels.length === 0)
        logger.warn(
          'Neither XT_SMS_PROVIDER nor SMTP_URL and SMTP_FROM are set: OTP requests will be refused',
        );
    },
  };
}
