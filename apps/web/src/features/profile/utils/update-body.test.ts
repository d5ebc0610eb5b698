import { describe, expect, it } from 'vitest';
import { formProblem, updateBody, type ProfileForm } from './update-body';

const form: ProfileForm = {
  locationCountry: 'IN',
  locationCity: '60675',
  companyName: '  Zoho ',
  newPassword: '',
  confirmPassword: '',
  isEntrepreneur: true,
  openToMentoring: false,
};
const userId = '8d0c6a8e-9f57-4b3c-9d7a-3b8f3f0e6a11';

describe('profile update body', () => {
  it('holds only the fields a member may change', () => {
    expect(updateBody(userId, form, 'pic.png')).toEqual({
      userId,
      locationCountry: 'IN',
      locationCity: '60675',
      companyName: 'Zoho',
      profilePic: 'pic.png',
      newpwd: '',
      isEntrepreneur: true,
      openToMentoring: false,
    });
  });

  it('sends no city without a country, and the confirmation with a new password', () => {
    expect(updateBody(userId, { ...form, locationCountry: '' }, null)).toMatchObject({
      locationCountry: '',
      locationCity: '',
    });
    expect(
      updateBody(
        userId,
        { ...form, newPassword: 'secret-123', confirmPassword: 'secret-123' },
        null,
      ),
    ).toMatchObject({ newpwd: 'secret-123', confirmPassword: 'secret-123' });
  });

  it('refuses a mismatched confirmation and a short password before sending', () => {
    expect(formProblem(form)).toBeNull();
    expect(formProblem({ ...form, newPassword: 'secret-123', confirmPassword: 'secret-124' })).toBe(
      'Passwords do not match!',
    );
    expect(formProblem({ ...form, newPassword: '', confirmPassword: 'stray' })).toBe(
      'Passwords do not match!',
    );
    expect(formProblem({ ...form, newPassword: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters',
    );
  });
});
