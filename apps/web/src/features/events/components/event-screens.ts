/**
 * The two member screens of events, one module for the route table: they share most of their
 * code (cards, badges, the api), and as one chunk the build lists one file, not five, in the
 * entry's map of what each screen loads (e2e/bundle-size.test.ts).
 */
export { EventPage } from './event-page';
export { EventsPage } from './events-page';
