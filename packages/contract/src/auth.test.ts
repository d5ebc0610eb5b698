import { describe, expect, it } from 'vitest';
import { setPasswordBody, signupBody } from './auth';

const valid = {
  firstName: 'Tara',
  lastName: 'Iyer',
  email: 'Tara@Example.com',
  phone: '9876543210',
  collegeId: '00000000-0000-4000-8000-000000000001',
  degreeId: '00000000-0000-4000-8000-000000000002',
  batchId: '00000000-0000-4000-8000-000000000003',
  branchId: '00000000-0000-4000-8000-000000000004',
};
const firstMessage = (body: unknown) => signupBody.safeParse(body).error?.issues[0]?.message;

describe('signupBody', () => {
  it('reports problems in the order the sign-up form checks them (member-portal.md §5)', () => {
    const steps: [Partial<typeof valid>, string][] = [
      [{}, 'First Name is required'],
      [{ firstName: 'Tara' }, 'Last Name is required'],
      [{ firstName: 'Tara', lastName: 'Iyer' }, 'Email is required'],
      [{ ...valid, email: 'tara at example.com' }, 'Invalid email format'],
      [{ ...valid, phone: '' }, 'Phone is required'],
      [{ ...valid, phone: '98765-43210' }, 'Phone must be a number'],
      [{ ...valid, collegeId: '' }, 'College Name is required'],
      [{ ...valid, degreeId: '' }, 'Degree is required'],
      [{ ...valid, batchId: '' }, 'Batch is required'],
      [{ ...valid, branchId: '' }, 'Branch is required'],
    ];
    for (const [body, message] of steps) expect(firstMessage(body)).toBe(message);
  });

  it('treats whitespace-only names as missing and lower-cases the e-mail', () => {
    expect(firstMessage({ ...valid, firstName: '   ' })).toBe('First Name is required');
    expect(signupBody.parse(valid).email).toBe('tara@example.com');
  });
});

describe('setPasswordBody', () => {
  it("refuses a confirmation that differs with the spec's alert text", () => {
    const result = setPasswordBody.safeParse({
      newPassword: 'long-enough-1',
      confirmPassword: 'long-enough-2',
    });
    expect(result.error?.issues[0]?.message).toBe('Passwords do not match!');
  });
});
