import type { ActiveBroker } from '@xtrader/core/api/auth';
import {
  DEFAULT_USER_SETTINGS,
  mergeUserSettings,
  type UserSettings,
  type UserSettingsPatch,
  userSettingsPatchSchema,
} from '@xtrader/core/api/settings';
import type { Clock } from '../../clock';
import { DomainError } from '../../domain-error';
import type { AuthStore, UserRow } from './store';

/** What the account owner may see of their record (never the password hash). */
export interface UserProfile {
  id: string;
  name: string;
  email: string;
  phone: string;
  activeBroker: ActiveBroker | null;
  clientId: string | null;
  referralCode: string;
}

/** Settings JSON of a new account. */
export const defaultSettingsJson = (): string => JSON.stringify(DEFAULT_USER_SETTINGS);

/**
 * Stored settings read as a patch over today's defaults, so settings saved by an older version (or a field
 * added later) still come back complete and valid. Each field is read on its own: one that today's bounds refuse
 * falls back to its default without taking the user's other settings with it.
 */
export function readSettings(json: string): UserSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return DEFAULT_USER_SETTINGS;
  }
  if (typeof stored !== 'object' || stored === null) return DEFAULT_USER_SETTINGS;
  const fields = stored as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(userSettingsPatchSchema.shape)) {
    const field = schema.safeParse(fields[key]);
    if (field.success && field.data !== undefined) patch[key] = field.data;
  }
  return mergeUserSettings(DEFAULT_USER_SETTINGS, patch as UserSettingsPatch);
}

const toProfile = (user: UserRow): UserProfile => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  activeBroker: user.activeBroker as ActiveBroker | null,
  clientId: user.clientId,
  referralCode: user.referralCode,
});

/** The caller's own profile and settings; every read and write is by the authenticated user's id. */
export function createAccountService({ store, clock }: { store: AuthStore; clock: Clock }) {
  const userOrThrow = async (userId: string) => {
    const user = await store.findUserById(userId);
    // A valid session of a deleted user: treat as logged out.
    if (!user) throw new DomainError('unauthorized', 'Unauthorized');
    return user;
  };

  return {
    async getUserInfo(userId: string): Promise<{ user: UserProfile; settings: UserSettings }> {
      const user = await userOrThrow(userId);
      return { user: toProfile(user), settings: readSettings(user.settings) };
    },

    /** Applies a validated patch and returns the complete settings. */
    async updateSettings(userId: string, patch: UserSettingsPatch): Promise<UserSettings> {
      const user = await userOrThrow(userId);
      const settings = mergeUserSettings(readSettings(user.settings), patch);
      await store.updateSettings(userId, JSON.stringify(settings), clock.now());
      return settings;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
