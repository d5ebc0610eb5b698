import { apiErrorSchema } from '@alumnet/contract';

/** The readable message of an error answer (the contract's shape), or a generic one. */
export function errorMessage(data: unknown, status: number) {
  const parsed = apiErrorSchema.safeParse(data);
  return parsed.success ? parsed.data.message : `Request failed (${status})`;
}
