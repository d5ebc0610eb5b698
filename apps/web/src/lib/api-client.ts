import { apiErrorSchema } from '@alumnet/contract';
import type { z } from 'zod';

/** A failed call, carrying the readable message the server sent (or a generic one). */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls our API with the session cookie and parses the answer with the contract's schema, so a
 * drifted answer fails loudly here instead of deep inside a component.
 */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError('Cannot reach the server. Please check your connection.', 0);
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(data);
    throw new ApiRequestError(
      parsed.success ? parsed.data.message : `Request failed (${response.status})`,
      response.status,
    );
  }
  return schema.parse(data);
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S) => apiRequest('GET', path, schema),
  post: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
    apiRequest('POST', path, schema, body),
  put: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
    apiRequest('PUT', path, schema, body),
  delete: <S extends z.ZodType>(path: string, schema: S) => apiRequest('DELETE', path, schema),
};
