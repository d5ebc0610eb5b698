import { buildTestApp, loginAs } from './build';

/** The five callers every admin route is tried as (common rules: API tests per call × role). */
export type Role = 'visitor' | 'member' | 'otherAdmin' | 'admin' | 'superAdmin';
export const ROLES: Role[] = ['visitor', 'member', 'otherAdmin', 'admin', 'superAdmin'];
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  member: 'member@demo.alumnet.dev',
  otherAdmin: 'admin2@demo.alumnet.dev',
  admin: 'admin@demo.alumnet.dev',
  superAdmin: 'super@demo.alumnet.dev',
};

/** A test app with every demo role signed in, and `call(role, method, url, payload)`. */
export async function buildRoleApp(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  const cookies: Partial<Record<Role, string>> = {};
  const users: Partial<Record<Role, { _id: string; collegeId: string }>> = {};
  for (const [role, email] of Object.entries(ACCOUNTS)) {
    const session = await loginAs(t.app, email);
    cookies[role as Role] = session.cookie;
    users[role as Role] = session.user;
  }
  const call = (
    role: Role,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    extraCookie?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: extraCookie
        ? { cookie: extraCookie }
        : cookies[role]
          ? { cookie: cookies[role] }
          : {},
      payload,
    });
  return { ...t, call, users, loginAs: (email: string) => loginAs(t.app, email) };
}

/** Super-admin-only routes: visitors 401, everyone but the super admin 403. */
export function expectedSuperAdminStatus(role: Role) {
  return role === 'visitor' ? 401 : role === 'superAdmin' ? 200 : 403;
}
