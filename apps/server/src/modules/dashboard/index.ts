// What other modules may use of the dashboard: the one definition of an admin's alumni filter.
export { adminAlumniWhere, mergedFilter } from './filter';
