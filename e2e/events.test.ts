import { describe, expect, it } from 'vitest';
import { peopleInTheirOwnBrowsers, url } from './browser';

// The demo's group walk has seats left; Meera (a member of the Bengaluru Chapter) has not answered.
const EVENT = 'Bengaluru Chapter: Cubbon Park morning walk';

const { signedIn } = peopleInTheirOwnBrowsers();

describe('an event from RSVP to the door', () => {
  it('a member says Going on a phone, sees the ticket, and an organiser checks them in once', async () => {
    const member = await signedIn('member@demo.alumnet.dev', { width: 390, height: 844 });
    await member.goto(url('/events'));
    await member.getByRole('link', { name: EVENT }).click();
    await member.waitForURL(/\/events\/[0-9a-f-]{36}$/);
    const eventUrl = member.url();
    await member.getByRole('heading', { name: EVENT, level: 1 }).waitFor();

    await member.getByRole('button', { name: 'Going', exact: true }).click();
    const ticket = member.getByRole('region', { name: 'Your ticket' });
    await ticket.waitFor();
    const qr = ticket.getByRole('img', { name: "Your ticket's QR code" });
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const code = (
      await ticket
        .locator('p')
        .filter({ hasText: /^[\w-]{16,}$/ })
        .innerText()
    ).trim();
    expect(code.length).toBeGreaterThan(15);

    // At the door: the organiser (the college's admin) types the code from the member's screen.
    const admin = await signedIn('admin@demo.alumnet.dev', { width: 390, height: 844 });
    await admin.goto(eventUrl.replace('/events/', '/dashboard/events/') + '/check-in');
    const box = admin.getByLabel('Ticket code');
    await box.fill(code);
    await admin.getByRole('button', { name: 'Check in' }).click();
    await admin.getByText('Checked in: Meera Menon').waitFor();
    // A second scan of the same ticket is told when it was first checked in.
    await box.fill(code);
    await admin.getByRole('button', { name: 'Check in' }).click();
    await admin.getByText(/^Already checked in at \d{2}:\d{2}/).waitFor();

    // The member's page says so too.
    await member.reload();
    await member
      .getByRole('region', { name: 'Your ticket' })
      .getByText(/Checked in at/)
      .waitFor();
  });
});
