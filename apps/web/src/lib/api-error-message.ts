import { apiErrorSchema } from '@alumnet/contract';

/** The readable message of an error answer (the contract's shape), or a generic one. */
export function errorMessage(data: unknown, status: number) {
  const parsed = apiErrorSchema.safeParse(data);
  if (parsed.success) return parsed.data.message;
  // Not the portal's own answer: a proxy in front while it restarts or is overloaded.
  if (status === 502 || status === 503 || status === 504)
    return 'The portal is not answering right now. Please try again in a few seconds.';
  return `Request failed (${status})`;
}
