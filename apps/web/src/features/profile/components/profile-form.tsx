import {
  IMAGE_TYPES,
  INVALID_IMAGE_TYPE_MESSAGE,
  imageUrl,
  type UserProfile,
} from '@alumnet/contract';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  FileInput,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { lookups } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { isAllowedImage, uploadImage } from '../../../lib/upload-image';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useTakenOver } from '../../../lib/use-taken-over';
import { useUpdateProfile } from '../api/profile';
import { formProblem, updateBody, type ProfileForm as Form } from '../utils/update-body';

const initialForm = (profile: UserProfile): Form => ({
  locationCountry: profile.locationCountryId ?? '',
  locationCity: profile.locationCountryId ? (profile.locationCityId ?? '') : '',
  companyName: profile.companyName ?? '',
  newPassword: '',
  confirmPassword: '',
  isEntrepreneur: profile.isEntrepreneur,
  openToMentoring: profile.openToMentoring,
});

/** The right-hand form of the profile screen (member-portal.md §2, §5, §8). */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const [form, setForm] = useState<Form>(() => initialForm(profile));
  const takenOver = useTakenOver();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [savedPic, setSavedPic] = useState(profile.profilePic);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const preview = useObjectUrl(picture);
  const update = useUpdateProfile();

  const countries = useQuery(lookups.countries());
  const cities = useQuery(lookups.cities(form.locationCountry));

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function choosePicture(file: File | null) {
    if (file && !isAllowedImage(file)) {
      setPicture(null);
      setPictureError(INVALID_IMAGE_TYPE_MESSAGE);
      return;
    }
    setPictureError(null);
    setPicture(file);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = formProblem(form);
    setProblem(found);
    if (found) return;

    let profilePic = savedPic;
    if (picture) {
      setUploading(true);
      try {
        profilePic = await uploadImage(picture);
      } catch (error) {
        // The spec's order: a picture that cannot be stored stops the whole save.
        setProblem(`Error uploading file: ${(error as Error).message}`);
        return;
      } finally {
        setUploading(false);
      }
    }

    try {
      await update.mutateAsync(updateBody(profile._id, form, profilePic));
    } catch (error) {
      if (error instanceof ApiRequestError && error.status > 0) {
        setProblem(`Error: ${error.message}`);
      } else {
        notify.error('Failed to update profile. Please try again later.');
      }
      return;
    }
    notify.success('Profile updated successfully!');
    setSavedPic(profilePic);
    setPicture(null);
    setForm((current) => ({ ...current, newPassword: '', confirmPassword: '' }));
  }

  // Until a list arrives, the saved choice is offered under its name so the field is not blank.
  const options = <T extends { _id: string }>(
    rows: T[] | undefined,
    label: (row: T) => string,
    saved: { value: string | null; label: string | null },
  ) =>
    rows
      ? rows.map((row) => ({ value: row._id, label: label(row) }))
      : saved.value && saved.label
        ? [{ value: saved.value, label: saved.label }]
        : [];
  const readOnly = (label: string, value: string | null) => (
    <TextInput label={label} value={value ?? ''} readOnly variant="filled" />
  );

  return (
    <form method="post" onSubmit={save} noValidate>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-end">
          <Avatar
            src={preview ?? imageUrl(savedPic)}
            alt={preview ? 'Your new picture' : 'Your picture'}
            size={72}
            radius={72}
          />
          <FileInput
            label="Profile Picture"
            placeholder="JPEG or PNG"
            accept={IMAGE_TYPES.join(',')}
            leftSection={<IconPhoto size={16} />}
            value={picture}
            onChange={choosePicture}
            error={pictureError}
            clearable
            style={{ flex: 1, minWidth: 0 }}
          />
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {readOnly('First Name', profile.firstName)}
          {readOnly('Last Name', profile.lastName)}
          <PasswordInput
            label="New Password"
            description="Leave empty to keep your password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={(e) => set('newPassword', e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm New Password"
            description="Type the new password again"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(e) => set('confirmPassword', e.currentTarget.value)}
          />
          <Select
            label="Country"
            placeholder="Choose your country"
            searchable
            clearable
            allowDeselect={false}
            nothingFoundMessage="No country by that name"
            data={options(countries.data, (c) => c.countryName, {
              value: profile.locationCountryId,
              label: profile.locationCountry,
            })}
            value={form.locationCountry || null}
            // A city belongs to its country: changing or clearing the country clears it.
            onChange={(value) =>
              setForm((current) => ({
                ...current,
                locationCountry: value ?? '',
                locationCity: value === current.locationCountry ? current.locationCity : '',
              }))
            }
          />
          <Select
            label="City"
            placeholder={form.locationCountry ? 'Choose your city' : 'Choose a country first'}
            searchable
            clearable
            allowDeselect={false}
            nothingFoundMessage="No city by that name"
            // Some countries have thousands of cities: show the first matches only.
            limit={100}
            data={options(cities.data, (c) => c.cityName, {
              value:
                form.locationCountry === profile.locationCountryId ? profile.locationCityId : null,
              label: profile.locationCity,
            })}
            value={form.locationCity || null}
            onChange={(value) => set('locationCity', value ?? '')}
            disabled={!form.locationCountry}
          />
          <TextInput
            label="Company Name"
            placeholder="Where you work"
            maxLength={200}
            value={form.companyName}
            onChange={(e) => set('companyName', e.currentTarget.value)}
          />
          {readOnly('College', profile.collegeName)}
          {readOnly('Batch', profile.batchName)}
          {readOnly('Branch', profile.branchName)}
          <Switch
            label="Is/Was an Entrepreneur"
            checked={form.isEntrepreneur}
            onChange={(e) => set('isEntrepreneur', e.currentTarget.checked)}
          />
          <Switch
            label="Open to mentoring"
            // What mentees see of a mentor (topics, capacity) is kept on its own screen.
            description={
              <Anchor component={Link} to={paths.mentorProfile} size="xs">
                Mentor profile
              </Anchor>
            }
            checked={form.openToMentoring}
            onChange={(e) => set('openToMentoring', e.currentTarget.checked)}
          />
        </SimpleGrid>

        {problem && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setProblem(null)}
          >
            {problem}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          {uploading && (
            <Text size="sm" c="dimmed">
              Uploading...
            </Text>
          )}
          <Button type="submit" loading={!takenOver || uploading || update.isPending} miw={120}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
