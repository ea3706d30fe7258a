import type { LiveBrokerSettings } from '../../../config';

// The platform's Dhan app. Dhan issues an API key and secret to one Dhan client, and its consent call names a client
// id: `XT_DHAN_APP_KEY` is the app id, optionally followed by `:<Dhan client id>` of the client the key was issued
// to (used for a trader's first login; later logins use the client id Dhan returned for that trader).

export interface DhanAppSettings {
  appId: string;
  appSecret: string;
  /** The Dhan client the key was issued to, when the operator names it. */
  ownerClientId: string | undefined;
}

/** The app from the settings; undefined when the server has no Dhan app (both id and secret are needed). */
export function dhanAppOf(settings: LiveBrokerSettings): DhanAppSettings | undefined {
  const app = settings.app;
  if (!app?.appSecret) return undefined;
  const [appId = '', ownerClientId] = app.appKey.split(':', 2).map((part) => part.trim());
  if (!appId) return undefined;
  return { appId, appSecret: app.appSecret, ownerClientId: ownerClientId || undefined };
}
