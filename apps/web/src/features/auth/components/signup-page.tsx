import { signupBody, type SignupAnswer, type SignupBody } from '@alumnet/contract';
import {
  Anchor,
  Button,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { lookups } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { useTakenOver } from '../../../lib/use-taken-over';
import { firstProblem, useSignup } from '../api/auth';
import { AuthCard } from './auth-card';

type Form = Required<{ [K in keyof SignupBody]: string }>;
const empty: Form = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  collegeId: '',
  degreeId: '',
  batchId: '',
  branchId: '',
};

/** Picking a level clears everything below it (member-portal.md §5). */
const clearedBelow: Partial<Record<keyof Form, (keyof Form)[]>> = {
  collegeId: ['degreeId', 'batchId', 'branchId'],
  degreeId: ['batchId', 'branchId'],
  batchId: ['branchId'],
};

const reviewDateText = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

export function SignupPage() {
  const [form, setForm] = useState<Form>(empty);
  const [done, setDone] = useState<SignupAnswer | null>(null);
  const signup = useSignup();
  const takenOver = useTakenOver();

  const colleges = useQuery(lookups.colleges());
  const degrees = useQuery(lookups.degrees(form.collegeId));
  const batches = useQuery(lookups.batches(form.collegeId, form.degreeId));
  const branches = useQuery(lookups.branches(form.collegeId, form.batchId));

  const set = (key: keyof Form) => (value: string | null) =>
    setForm((current) => {
      const next = { ...current, [key]: value ?? '' };
      for (const below of clearedBelow[key] ?? []) next[below] = '';
      return next;
    });
  const text = (key: keyof Form) => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key)(e.currentTarget.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = firstProblem(signupBody, form);
    if (problem) return void notify.error(problem);
    try {
      setDone(await signup.mutateAsync(form));
    } catch (error) {
      notify.error((error as Error).message);
    }
  }

  if (done) {
    return (
      <AuthCard title="Sign Up">
        <Stack align="center" ta="center" gap="sm" py="md">
          <ThemeIcon size={56} radius="xl" color="green" variant="light">
            <IconCircleCheck size={36} />
          </ThemeIcon>
          <Title order={3}>{done.message}</Title>
          <Text c="dimmed">
            Your details will be reviewed, and we will contact you by e-mail with the next steps on{' '}
            <Text span fw={600} c="dark">
              {reviewDateText(done.reviewDate)}
            </Text>
            .
          </Text>
          <Button component={Link} to={paths.home} variant="light" mt="sm">
            Back to the home page
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const options = <T extends { _id: string }>(rows: T[] | undefined, label: (row: T) => string) =>
    (rows ?? []).map((row) => ({ value: row._id, label: label(row) }));

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Tell us who you are. Your college reviews every sign-up before the account opens."
    >
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              {...text('firstName')}
            />
            <TextInput
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              {...text('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            {...text('email')}
          />
          <TextInput
            label="Phone"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            {...text('phone')}
          />
          <Select
            label="College"
            placeholder="Select your college"
            searchable
            data={options(colleges.data, (c) => c.name)}
            value={form.collegeId || null}
            onChange={set('collegeId')}
          />
          <Select
            label="Degree"
            placeholder="Select your degree"
            data={options(degrees.data, (d) => d.degreeName)}
            value={form.degreeId || null}
            onChange={set('degreeId')}
            disabled={!form.collegeId}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Batch"
              placeholder="Select your batch"
              data={options(batches.data, (b) => b.batchName)}
              value={form.batchId || null}
              onChange={set('batchId')}
              disabled={!form.degreeId}
            />
            <Select
              label="Branch"
              placeholder="Select your branch"
              data={options(branches.data, (b) => b.branchName)}
              value={form.branchId || null}
              onChange={set('branchId')}
              disabled={!form.batchId}
            />
          </SimpleGrid>
          <Button type="submit" loading={!takenOver || signup.isPending} fullWidth size="md">
            Sign Up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
