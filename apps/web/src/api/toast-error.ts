import { capitalizeMessage } from '@xtrader/core/format/format';
import { toast } from 'sonner';
import { isApiError } from './api-error';

/** The text an error toast shows: the server's message, capitalised, or the caller's fallback title. */
export function errorToastText(error: unknown, fallbackTitle: string): string {
  const serverMessage = isApiError(error) ? error.serverMessage : undefined;
  return serverMessage ? capitalizeMessage(serverMessage) : fallbackTitle;
}

/** Shows an error toast for a failed call. */
export function toastError(error: unknown, fallbackTitle: string): void {
  toast.error(errorToastText(error, fallbackTitle));
}
