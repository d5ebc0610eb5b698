/**
 * The words of every message the portal sends. Each e-mail has a text and an HTML part; SMS and
 * WhatsApp get the text. Values are escaped for HTML here, once.
 */
export interface MessageContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(
  collegeName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(action.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 14px;font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#f4f6f8;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:28px"><h2 style="margin:0 0 18px;color:#1c7ed6">${escapeHtml(collegeName)}</h2>${body}${button}<p style="margin:24px 0 0;font-size:12px;color:#888">Sent by the alumni office of ${escapeHtml(collegeName)} through Alumnet.</p></div></body></html>`;
}

export function invitationEmail(p: {
  fullName: string;
  collegeName: string;
  link: string;
  days: number;
}): MessageContent {
  const lines = [
    `Dear ${p.fullName},`,
    `${p.collegeName} invites you to its alumni network on Alumnet: find your batch mates, jobs and news from the college.`,
    `Set your password to join. The link works once and for ${p.days} days.`,
  ];
  return {
    subject: `${p.collegeName} invites you to its alumni network`,
    text: `${lines.join('\n\n')}\n\nJoin: ${p.link}\n`,
    html: layout(p.collegeName, lines, { label: 'Set my password', url: p.link }),
  };
}

/** The approval e-mail: a one-time password that must be changed at the first login. */
export function credentialsEmail(p: {
  fullName: string;
  collegeName: string;
  email: string;
  password: string;
  loginUrl: string;
}): MessageContent {
  const lines = [
    `Dear ${p.fullName},`,
    `Your membership of the ${p.collegeName} alumni network has been approved.`,
    `Sign in with these credentials; you will choose your own password right after.`,
    `Email: ${p.email}`,
    `Password: ${p.password}`,
  ];
  return {
    subject: `Your ${p.collegeName} alumni account is approved`,
    text: `${lines.join('\n\n')}\n\nSign in: ${p.loginUrl}\n`,
    html: layout(p.collegeName, lines, { label: 'Sign in', url: p.loginUrl }),
  };
}

export function rejectionEmail(p: {
  fullName: string;
  collegeName: string;
  reason: string;
}): MessageContent {
  const lines = [
    `Dear ${p.fullName},`,
    `Your request to join the ${p.collegeName} alumni network was not approved.`,
    p.reason ? `Reason: ${p.reason}` : 'No reason was given.',
    'If you think this is a mistake, please contact the alumni office of your college.',
  ];
  return {
    subject: `Your ${p.collegeName} alumni network request`,
    text: `${lines.join('\n\n')}\n`,
    html: layout(p.collegeName, lines),
  };
}

/** SMS and WhatsApp invitations: short, the link last so phones make it tappable. */
export const invitationText = (p: { fullName: string; collegeName: string; link: string }) =>
  `Hi ${p.fullName}, ${p.collegeName} invites you to its alumni network on Alumnet. Set your password: ${p.link}`;

/** A password reset link, asked for on the login page ("Forgot password?"). */
export function passwordResetEmail(p: {
  fullName: string;
  collegeName: string;
  link: string;
  minutes: number;
}): MessageContent {
  const lines = [
    `Dear ${p.fullName},`,
    'Someone, hopefully you, asked to choose a new password for your Alumnet account.',
    `The link works once and for ${p.minutes} minutes. If you did not ask, ignore this e-mail: your password stays as it is.`,
  ];
  return {
    subject: 'Choose a new Alumnet password',
    text: `${lines.join('\n\n')}\n\nChoose a new password: ${p.link}\n`,
    html: layout(p.collegeName, lines, { label: 'Choose a new password', url: p.link }),
  };
}

/** The same link by SMS, for a member who gave their phone number. */
export const passwordResetText = (p: { link: string; minutes: number }) =>
  `Alumnet: choose a new password within ${p.minutes} minutes (ignore this if you did not ask): ${p.link}`;

/** The code a visitor types on the quiz's player screen to play as the member of this address. */
export function quizCodeEmail(p: {
  fullName: string;
  collegeName: string;
  code: string;
  minutes: number;
}): MessageContent {
  const lines = [
    `Dear ${p.fullName},`,
    `Your code to join the quiz is ${p.code}. Type it on the quiz screen within ${p.minutes} minutes.`,
    'If you did not ask for it, ignore this e-mail: nobody can play as you without the code.',
  ];
  return {
    subject: `${p.code} is your quiz code`,
    text: `${lines.join('\n\n')}\n`,
    html: layout(p.collegeName, lines),
  };
}
