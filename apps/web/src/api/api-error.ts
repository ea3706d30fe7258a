/** Raised by the API client for every non-OK response (and for OK responses it cannot read). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The parsed JSON body, or the raw text when it was not JSON, or null when empty. */
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }

  /** The server's own `message` field, when the body carries one. */
  get serverMessage(): string | undefined {
    const message = (this.body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message.trim() !== '' ? message : undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
