import { API } from '@alumnet/contract';
import { escapeHtml } from '../../lib/html';

/**
 * The unsubscribe pages, drawn by the server: they work with no script at all (the CSP allows
 * none inline) and the button is a plain form posting to the one-click address.
 */

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Alumnet</title></head><body style="font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#222"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;

const settingsLink =
  '<p><a href="/settings/notifications">Choose what you get</a> (after logging in).</p>';

/** GET /unsubscribe/{token}: what the link stops, and the one button that stops it. */
export const confirmPage = (token: string, what: string) =>
  page(
    'Unsubscribe',
    `<p>Stop ${escapeHtml(what)}? You will still see your notifications in the app.</p><form method="post" action="${escapeHtml(API.unsubscribe(token))}"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1c7ed6;color:#fff;cursor:pointer">Unsubscribe</button></form>${settingsLink}`,
  );

/** After the button (or a replay): done. */
export const donePage = (message: string) =>
  page('You are unsubscribed', `<p>${escapeHtml(message)}</p>${settingsLink}`);

/** A link that was changed or cut short. */
export const invalidPage = (message: string) =>
  page('This link does not work', `<p>${escapeHtml(message)}</p>${settingsLink}`);
