import type { UserSettingsPatch } from '@xtrader/core/api/settings';
import { api } from './client';

/** PUT /auth/editUserSetting with any subset of the user settings. */
export const saveUserSettings = (patch: UserSettingsPatch) => api.put('/auth/editUserSetting', patch);
