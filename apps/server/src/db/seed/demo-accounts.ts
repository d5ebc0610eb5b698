// The demo's accounts, apart from the generator that writes them (./demo.ts, with faker and its
// locales: tens of MB a portal would otherwise hold for its whole life to print this list).
export const DEMO_PASSWORD = 'alumnet-demo';
/**
 * The demo admins' authenticator secret (issue 30: admins need a second factor), the same on
 * every machine and printed in the README so anyone trying the demo can add it to an app. Only
 * the demo has it; a real admin enrols their own.
 */
export const DEMO_TOTP_SECRET = 'ALUMNETDEMOTOTPSECRETKEY234567AB';
export const DEMO_ADMIN_EMAILS = [
  'super@demo.alumnet.dev',
  'admin@demo.alumnet.dev',
  'admin2@demo.alumnet.dev',
] as const;
export const DEMO_COLLEGE = 'Alumnet Institute of Technology';
export const SECOND_COLLEGE = 'Riverside College of Arts and Science';
export const DEMO_ACCOUNTS = [
  { email: 'super@demo.alumnet.dev', role: 'super admin' },
  { email: 'admin@demo.alumnet.dev', role: `admin of ${DEMO_COLLEGE}` },
  { email: 'member@demo.alumnet.dev', role: `member of ${DEMO_COLLEGE}` },
  {
    email: 'member2@demo.alumnet.dev',
    role: `member of ${DEMO_COLLEGE}, another batch and branch`,
  },
  { email: 'other@demo.alumnet.dev', role: `member of ${SECOND_COLLEGE}` },
  { email: 'admin2@demo.alumnet.dev', role: `admin of ${SECOND_COLLEGE}` },
] as const;
