import type { Alumnus } from '@alumnet/contract';
import type { DirectoryRow } from './repository';

export function presentAlumnus(row: DirectoryRow): Alumnus {
  return {
    _id: row.id,
    fullName: row.fullName,
    profilePic: row.profilePic,
    collegeName: row.collegeName,
    batchName: row.batchName,
    branchName: row.branchName,
    locationCountry: row.countryName,
    locationCity: row.cityName,
    companyName: row.companyName,
    email: row.email,
    phone: row.phone,
  };
}
