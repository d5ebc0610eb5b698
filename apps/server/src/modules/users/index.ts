// What other modules may use of this one.
export { findUserView, type UserView } from './repository';
export { presentProfile, presentSignedInUser } from './presenter';
