import { API, meAnswer, okSchema } from '@alumnet/contract';
import { api } from './api-client';

/**
 * The session's calls that need the contract's schemas, loaded on demand by lib/session.ts
 * (with zod, on a signed-in member's first page or a logout).
 */
export { meAnswer };

export const logoutCall = () => api.post(API.auth.logout, okSchema);
