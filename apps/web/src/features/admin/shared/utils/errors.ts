import { ApiRequestError } from '../../../../lib/api-client';

/**
 * The readable message the server sent with a 4xx/5xx, or `fallback` when there was none (no
 * connection, or an answer without a message): admin-area.md §8's "server message, or ...".
 */
export function serverMessage(error: unknown, fallback: string) {
  if (!(error instanceof ApiRequestError) || error.status === 0) return fallback;
  return error.message.startsWith('Request failed (') ? fallback : error.message;
}
