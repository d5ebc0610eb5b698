/** For what never changes under its name (hashed assets, stored images): kept for a year. */
export const CACHE_FOREVER = 'public, max-age=31536000, immutable';
