/**
 * Every failure that crosses the HTTP boundary on purpose. The error handler answers
 * `{ success: false, message }` with `status`; `code` is stable for logs and tests.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'BAD_REQUEST') {
    super(400, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds?: number, code = 'TOO_MANY_REQUESTS') {
    super(
      429,
      code,
      message,
      retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {},
    );
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
