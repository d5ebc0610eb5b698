import type { SignedInUser } from '@alumnet/contract';

/** A valid uuid made of the digit n, so tests can name ids by number (id(1), id(9)). */
export const id = (n: number) =>
  `${n}${n}${n}${n}${n}${n}${n}${n}-${n}${n}${n}${n}-4${n}${n}${n}-8${n}${n}${n}-${String(n).repeat(12)}`;

/** The demo member, signed in, for screen tests of the member area. */
export const MEMBER: SignedInUser = {
  _id: id(1),
  fullName: 'Meera Menon',
  firstName: 'Meera',
  lastName: 'Menon',
  email: 'member@demo.alumnet.dev',
  phone: null,
  profilePic: null,
  collegeId: id(9),
  batchId: null,
  branchId: null,
  collegeName: 'Alumnet Institute of Technology',
  batchName: '2012-2016',
  branchName: 'Computer Science',
  locationCountry: null,
  locationCity: null,
  companyName: null,
  userType: 'u',
  isSuperAdmin: false,
  mustChangePassword: false,
};
