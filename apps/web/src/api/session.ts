import { useSessionStore } from '../state/session-store';
import { onUnauthorized } from './client';
import { queryClient } from './query-client';

let goHome: () => void = () => window.location.assign('/');

/** The router registers client-side navigation here so ending a session never reloads the page. */
export function setGoHome(navigate: () => void): void {
  goHome = navigate;
}

/** Ends the local session: forgets the user, drops every cached server response, returns to login. */
export function endSession(): void {
  useSessionStore.getState().logout();
  queryClient.clear();
  goHome();
}

/** Stores a fresh access token; cached data of any earlier session must not leak into this one. */
export function startSession(accessToken: string): void {
  queryClient.clear();
  useSessionStore.getState().login(accessToken);
}

// Any 401 on an authenticated call means the token is dead (expired or revoked): log out.
onUnauthorized(endSession);
