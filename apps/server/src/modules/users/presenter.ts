import type { SignedInUser, UserProfile } from '@alumnet/contract';
import type { UserView } from './repository';

export function presentSignedInUser(u: UserView): SignedInUser {
  return {
    _id: u.id,
    fullName: u.fullName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    profilePic: u.profilePic,
    collegeId: u.collegeId,
    batchId: u.batchId,
    branchId: u.branchId,
    collegeName: u.collegeName,
    batchName: u.batchName,
    branchName: u.branchName,
    locationCountry: u.locationCountry,
    locationCity: u.locationCity,
    companyName: u.companyName,
    userType: u.userType,
    isSuperAdmin: u.isSuperAdmin,
    mustChangePassword: u.mustChangePassword,
  };
}

export function presentProfile(u: UserView): UserProfile {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    batchName: u.batchName,
    branchName: u.branchName,
    collegeName: u.collegeName,
    companyName: u.companyName,
    locationCountry: u.locationCountry,
    locationCity: u.locationCity,
    profilePic: u.profilePic,
    locationCountryId: u.locationCountryId,
    locationCityId: u.locationCityId === null ? null : String(u.locationCityId),
    isEntrepreneur: u.isEntrepreneur,
    openToMentoring: u.openToMentoring,
  };
}
