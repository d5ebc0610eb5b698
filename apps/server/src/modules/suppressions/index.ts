// What senders use of the suppression list: they leave out listed addresses in their own queries
// (`notSuppressed`) or ask about a chunk's addresses at once (`suppressedAmong`).
export { addSuppressions, notSuppressed, suppressedAmong } from './repository';
export { suppressionRoutes } from './routes';
