import type { ActiveBroker } from '@xtrader/core/api/auth';
import { disciplineSettingsSchema } from '@xtrader/core/api/discipline';
import {
  DEFAULT_USER_SETTINGS,
  mergeUserSettings,
  type UserSettings,
  type UserSettingsPatch,
  userSettingsPatchSchema,
} from '@xtrader/core/api/settings';
import { DEFAULT_DISCIPLINE, type DisciplineSettings } from '@xtrader/core/risk/discipline';
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

/**
 * Only the discipline block of stored settings, read the same way: each rule checked on its own, what is missing or
 * out of bounds falls back to off. The order path reads this once per order, so it parses no other setting.
 */
export function readDiscipline(json: string): DisciplineSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return DEFAULT_DISCIPLINE;
  }
  const block = (stored as { discipline?: unknown } | null)?.discipline;
  if (typeof block !== 'object' || block === null) return DEFAULT_DISCIPLINE;
  const rules: Record<string, unknown> = { ...DEFAULT_DISCIPLINE };
  for (const [key, schema] of Object.entries(disciplineSettingsSchema.shape)) {
    const field = schema.safeParse((block as Record<string, unknown>)[key]);
    if (field.success) rules[key] = field.data;
  }
  return rules as unknown as DisciplineSettings;
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
export function createAccountService({
  store,
  clock,
  onSettingsSaved,
}: {
  store: AuthStore;
  clock: Clock;
  /** Told after a user's settings were written (readers that keep them, e.g. the discipline rules, drop theirs). */
  onSettingsSaved?: (userId: string) => void;
}) {
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

    /** The user's discipline rules (the order path's one settings read per order). */
    async disciplineOf(userId: string): Promise<DisciplineSettings> {
      return readDiscipline((await userOrThrow(userId)).settings);
    },

    /** Applies a validated patch and returns the complete settings. */
    async updateSettings(userId: string, patch: UserSettingsPatch): Promise<UserSettings> {
      const user = await userOrThrow(userId);
      const settings = mergeUserSettings(readSettings(user.settings), patch);
      await store.updateSettings(userId, JSON.stringify(settings), clock.now());
      onSettingsSaved?.(userId);
      return settings;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
