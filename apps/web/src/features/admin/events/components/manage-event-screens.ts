/** `/dashboard/events` and its check-in screen, one module (one chunk) for the route table. */
export { CheckInPage } from './check-in-page';
export { ManageEventsPage } from './manage-events-page';
