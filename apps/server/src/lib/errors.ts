/** An error whose message is written for the person calling: the error handler sends it as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A word a program can act on (`mfa_required`), sent as `error` instead of the message. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** What a person reads when something failed on our side; the error itself is only logged. */
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
