import type { z } from 'zod';
import { requestJson, type Method } from './api-request';

export { ApiRequestError } from './api-request';

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
  return schema.parse(await requestJson(method, path, body));
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S) => apiRequest('GET', path, schema),
  post: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
    apiRequest('POST', path, schema, body),
  put: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
    apiRequest('PUT', path, schema, body),
  delete: <S extends z.ZodType>(path: string, schema: S) => apiRequest('DELETE', path, schema),
};
