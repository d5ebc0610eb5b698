// What other modules (and door-routes.ts, calendars, reminders) may use of events: the one access
// answer every event call asks, an event by id, a new ticket and how a time is written.
export { demandOrganiser, loadEventAccess, type EventAccess } from './access';
export { findEvent, type EventRow } from './repository';
export { newTicket } from './service';
export { whenText } from './when';
