// A module of its own, without schemas: the web app's entry reads it, and a module that builds
// schemas as it loads would bring Zod into every page's first download.

/**
 * The cookie in which the browser leaves its time zone (an IANA name such as `Asia/Kolkata`),
 * so that a page the server draws shows dates and times as the browser would.
 */
export const TIME_ZONE_COOKIE = 'alumnet_tz';

/**
 * The cookie in which a super admin's browser keeps the college they chose for the admin screens
 * (a college id), so that a page the server draws shows that college from its first paint.
 */
export const ADMIN_COLLEGE_COOKIE = 'alumnet_admin_college';
