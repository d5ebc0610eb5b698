/**
 * The words of every message the portal sends. Each e-mail has a text and an HTML part; SMS and
 * WhatsApp get the text. Values are escaped for HTML here, once.
 */
import QRCode from 'qrcode';
import { escapeHtml } from '../lib/html';

export interface MessageContent {
  subject: string;
  text: string;
  html: string;
}

function layout(
  collegeName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  /** Already-escaped HTML drawn above the closing line (a digest's list, an unsubscribe link). */
  extraHtml = '',
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(action.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 14px;font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#f4f6f8;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:28px"><h2 style="margin:0 0 18px;color:#1c7ed6">${escapeHtml(collegeName)}</h2>${body}${button}${extraHtml}<p style="margin:24px 0 0;font-size:12px;color:#888">Sent by the alumni office of ${escapeHtml(collegeName)} through Alumnet.</p></div></body></html>`;
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

// ---------------------------------------------------------------- notification e-mails (issue 26)

/** One notification as an e-mail tells it: its sentence and where it happened. */
export interface NotificationLine {
  sentence: string;
  url: string;
  detail: string | null;
}

/** What every notification e-mail ends with: why it came, and the way to stop it. */
interface UnsubscribeLinks {
  /** The page with the one button that turns this e-mail off (GET /unsubscribe/{token}). */
  unsubscribeUrl: string;
  /** Where all of the member's choices are. */
  settingsUrl: string;
  /** What the link stops, in words: "e-mails about messages", "these digests". */
  stops: string;
}

const unsubscribeFooter = (l: UnsubscribeLinks) => ({
  html: `<p style="margin:24px 0 0;font-size:12px;color:#888">You get this e-mail because of your notification settings. <a href="${escapeHtml(l.unsubscribeUrl)}" style="color:#888">Stop ${escapeHtml(l.stops)}</a> or <a href="${escapeHtml(l.settingsUrl)}" style="color:#888">choose what you get</a>.</p>`,
  text: `You get this e-mail because of your notification settings.\nStop ${l.stops}: ${l.unsubscribeUrl}\nChoose what you get: ${l.settingsUrl}\n`,
});

/** A single notification, e-mailed at once: "Asha Rao sent you a message". */
export function notificationEmail(
  p: { fullName: string; collegeName: string; line: NotificationLine } & UnsubscribeLinks,
): MessageContent {
  const lines = [`Dear ${p.fullName},`, `${p.line.sentence}.`];
  if (p.line.detail) lines.push(`“${p.line.detail}”`);
  const footer = unsubscribeFooter(p);
  return {
    subject: p.line.sentence,
    text: `${lines.join('\n\n')}\n\nOpen it: ${p.line.url}\n\n--\n${footer.text}`,
    html: layout(p.collegeName, lines, { label: 'Open it', url: p.line.url }, footer.html),
  };
}

/** The daily (or weekly) digest: each grouped notification as a linked line. */
export function digestEmail(
  p: {
    fullName: string;
    collegeName: string;
    lines: NotificationLine[];
    homeUrl: string;
  } & UnsubscribeLinks,
): MessageContent {
  const n = p.lines.length;
  const intro = [`Dear ${p.fullName},`, 'Here is what happened on Alumnet while you were away.'];
  const list = `<ul style="margin:0 0 14px;padding-left:20px">${p.lines
    .map(
      (l) =>
        `<li style="margin:0 0 10px"><a href="${escapeHtml(l.url)}" style="color:#1c7ed6;text-decoration:none">${escapeHtml(l.sentence)}</a>${l.detail ? `<br><span style="color:#555;font-size:13px">“${escapeHtml(l.detail)}”</span>` : ''}</li>`,
    )
    .join('')}</ul>`;
  const footer = unsubscribeFooter(p);
  const textList = p.lines
    .map((l) => `- ${l.sentence}${l.detail ? ` (“${l.detail}”)` : ''}\n  ${l.url}`)
    .join('\n');
  return {
    subject: `${n} new ${n === 1 ? 'notification' : 'notifications'} on Alumnet`,
    text: `${intro.join('\n\n')}\n\n${textList}\n\nOpen Alumnet: ${p.homeUrl}\n\n--\n${footer.text}`,
    // The list comes before the link to the portal: it is what the e-mail is for.
    html: layout(
      p.collegeName,
      intro,
      undefined,
      `${list}<p style="margin:0 0 14px"><a href="${escapeHtml(p.homeUrl)}" style="color:#1c7ed6">Open Alumnet</a></p>${footer.html}`,
    ),
  };
}

// ---------------------------------------------------------------- event tickets (issue 28)

/** Pixels per QR module in an e-mail: a 25-module ticket is 125 px, easy for a door's camera. */
const QR_MODULE_PX = 5;

/**
 * A ticket's QR code as an HTML table of black and white cells: e-mail clients block data: images
 * and the message has no attachments, but every client draws a table's background colours. The
 * white padding is the quiet zone (four modules) a scanner needs around the code.
 */
export function qrTable(ticket: string) {
  const { size, data } = QRCode.create(ticket, { errorCorrectionLevel: 'M' }).modules;
  // Short cells: a 25-module code is 625 of them, and Gmail clips an HTML part past 102 kB.
  const cells = ['#fff', '#000'].map(
    (colour) =>
      `<td bgcolor="${colour}" style="width:${QR_MODULE_PX}px;height:${QR_MODULE_PX}px;background:${colour}"></td>`,
  );
  const cell = (dark: number) => cells[dark ? 1 : 0]!;
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    let row = '';
    for (let c = 0; c < size; c++) row += cell(data[r * size + c]!);
    rows.push(`<tr>${row}</tr>`);
  }
  const quiet = 4 * QR_MODULE_PX;
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 auto 14px"><tr><td bgcolor="#ffffff" style="padding:${quiet}px;background:#ffffff;border:1px solid #dee2e6"><table role="img" aria-label="Ticket QR code" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;line-height:0;font-size:0">${rows.join('')}</table></td></tr></table>`;
}

/**
 * The confirmation a member gets on becoming going (at once, or promoted from the waitlist): when
 * and where, and the ticket shown at the door, as a QR code and as a code to type.
 */
export function eventTicketEmail(p: {
  fullName: string;
  collegeName: string;
  title: string;
  /** whenText's "14 Jun 2026, 18:00 (Asia/Kolkata)". */
  when: string;
  venue: string | null;
  address: string | null;
  mapUrl: string | null;
  /** Shown: the member is going. */
  onlineUrl: string | null;
  guests: number;
  ticket: string;
  eventUrl: string;
}): MessageContent {
  const place = [p.venue, p.address].filter(Boolean).join(', ');
  const details = [
    `When: ${p.when}`,
    ...(place ? [`Where: ${place}`] : []),
    ...(p.mapUrl ? [`Map: ${p.mapUrl}`] : []),
    ...(p.onlineUrl ? [`Join online: ${p.onlineUrl}`] : []),
    ...(p.guests > 0 ? [`Seats: you and ${p.guests} ${p.guests === 1 ? 'guest' : 'guests'}`] : []),
  ];
  const intro = [`Dear ${p.fullName},`, `You are going to ${p.title}.`];
  const showIt =
    p.onlineUrl && !place
      ? 'Your ticket is below.'
      : 'Show this QR code at the door, or give the ticket code if it will not scan.';
  const lines = [...intro, ...details, showIt];
  const ticketHtml = `${qrTable(p.ticket)}<p style="margin:0 0 14px;text-align:center;font-family:Menlo,Consolas,monospace;font-size:15px;letter-spacing:1px">Ticket code: <strong>${escapeHtml(p.ticket)}</strong></p>`;
  return {
    subject: `Your ticket: ${p.title}`,
    text: `${lines.join('\n\n')}\n\nTicket code: ${p.ticket}\n\nThe event and your ticket: ${p.eventUrl}\n`,
    // The ticket comes before the link: at the door it is what the e-mail is opened for.
    html: layout(
      p.collegeName,
      lines,
      undefined,
      `${ticketHtml}<p style="margin:0 0 14px">The event and your ticket: <a href="${escapeHtml(p.eventUrl)}" style="color:#1c7ed6">${escapeHtml(p.eventUrl)}</a></p>`,
    ),
  };
}

/** "Download my data" is ready (issue 30): the link works for its owner, signed in, a while. */
export function dataExportEmail(p: {
  fullName: string;
  collegeName: string;
  link: string;
  hours: number;
}): MessageContent {
  const lines = [
    `Dear ${p.fullName},`,
    `The copy of your data you asked for is ready: your profile, posts, comments, messages, groups, events and mentoring, in one zip file.`,
    `The link works for ${p.hours} hours, and only while you are signed in to your account. If you did not ask for it, sign in and change your password.`,
  ];
  return {
    subject: 'Your data is ready to download',
    text: `${lines.join('\n\n')}\n\nDownload: ${p.link}\n`,
    html: layout(p.collegeName, lines, { label: 'Download my data', url: p.link }),
  };
}
