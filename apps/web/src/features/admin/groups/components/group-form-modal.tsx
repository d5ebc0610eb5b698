import {
  GROUP_KINDS,
  GROUP_RULE_FIELDS,
  INVALID_IMAGE_TYPE_MESSAGE,
  MAX_GROUP_DESCRIPTION,
  groupUpdateBody,
  type GroupKind,
  type GroupRuleField,
  type ManagedGroupRow,
} from '@alumnet/contract';
import { Alert, Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isAllowedImage, uploadImage } from '../../../../lib/upload-image';
import { useTakenOver } from '../../../../lib/use-taken-over';
import { adminNotify } from '../../shared/notify';
import { serverMessage } from '../../shared/utils/errors';
import { useSaveGroup } from '../api/groups';
import { KIND_DESCRIPTIONS, KIND_LABELS, RULE_FIELD_LABELS } from './labels';
import { useRuleValues } from './rule-values';
import { CoverPictureField } from '../../../../components/cover-picture-field';

const KIND_OPTIONS = GROUP_KINDS.map((kind) => ({
  value: kind,
  label: `${KIND_LABELS[kind]}: ${KIND_DESCRIPTIONS[kind]}`,
}));
const FIELD_OPTIONS = GROUP_RULE_FIELDS.map((field) => ({
  value: field,
  label: RULE_FIELD_LABELS[field],
}));

/** Create or edit a group: name, description, cover, kind, and an automatic group's rule. */
export function GroupFormModal({
  group,
  collegeId,
  onClose,
}: {
  group: ManagedGroupRow | null;
  collegeId: string;
  onClose: () => void;
}) {
  const takenOver = useTakenOver();
  const save = useSaveGroup(collegeId);
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [kind, setKind] = useState<GroupKind>(group?.kind ?? 'open');
  const [field, setField] = useState<GroupRuleField | null>(group?.rule?.field ?? null);
  const [value, setValue] = useState(group?.rule?.value ?? '');
  const [countryId, setCountryId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [cover, setCover] = useState<string | null>(group?.coverPicture ?? null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const values = useRuleValues(kind === 'automatic' ? field : null, collegeId, countryId);
  const busy = uploading || save.isPending;
  // A stored value the lists do not hold (a city of a country not picked yet) is still shown.
  const valueOptions =
    value && !values.options.some((o) => o.value === value)
      ? [{ value, label: value }, ...values.options]
      : values.options;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const body = {
      name,
      description,
      kind,
      rule: kind === 'automatic' ? (field ? { field, value } : null) : null,
      coverPicture: cover,
      ...(group ? { archived: group.archived } : {}),
    };
    const checked = groupUpdateBody.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the form.');
    if (file && !isAllowedImage(file)) return setError(INVALID_IMAGE_TYPE_MESSAGE);

    let coverPicture = cover;
    if (file) {
      setUploading(true);
      try {
        coverPicture = await uploadImage(file);
        setCover(coverPicture);
        setFile(null);
      } catch (caught) {
        return setError(`Error uploading file: ${(caught as Error).message}`);
      } finally {
        setUploading(false);
      }
    }
    save.mutate(
      { id: group?.id ?? null, body: { ...body, coverPicture } },
      {
        onSuccess: () => {
          adminNotify.success(group ? 'Group saved.' : 'Group created.');
          onClose();
        },
        onError: (caught) => setError(serverMessage(caught, 'Could not save the group.')),
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={group ? `Edit ${group.name}` : 'Create a group'}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Name"
            name="name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Textarea
            label="Description"
            name="description"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MAX_GROUP_DESCRIPTION}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <CoverPictureField
            file={file}
            onFile={setFile}
            cover={cover}
            onRemove={() => setCover(null)}
          />
          <Select
            label="Kind"
            name="kind"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(next) => next && setKind(next as GroupKind)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {kind === 'automatic' && (
            <Group grow align="flex-start" wrap="wrap" gap="sm">
              <Select
                label="Rule: members whose"
                name="ruleField"
                placeholder="Choose a field"
                data={FIELD_OPTIONS}
                value={field}
                onChange={(next) => {
                  setField(next as GroupRuleField | null);
                  setValue('');
                }}
                comboboxProps={{ withinPortal: true }}
                miw={160}
              />
              {field === 'city' && (
                <Select
                  label="Country"
                  name="ruleCountry"
                  placeholder="Choose a country"
                  data={values.countryOptions}
                  value={countryId || null}
                  onChange={(next) => {
                    setCountryId(next ?? '');
                    setValue('');
                  }}
                  searchable
                  comboboxProps={{ withinPortal: true }}
                  miw={160}
                />
              )}
              {field === 'company' ? (
                <TextInput
                  label="is"
                  name="ruleValue"
                  placeholder="Company name"
                  value={value}
                  onChange={(e) => setValue(e.currentTarget.value)}
                  miw={160}
                />
              ) : (
                field && (
                  <Select
                    label="is"
                    name="ruleValue"
                    placeholder={values.loading ? 'Loading…' : 'Choose one'}
                    data={valueOptions}
                    value={value || null}
                    onChange={(next) => setValue(next ?? '')}
                    searchable
                    nothingFoundMessage="Nothing by that name"
                    comboboxProps={{ withinPortal: true }}
                    miw={160}
                  />
                )
              )}
            </Group>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={!takenOver || busy}>
              {uploading ? 'Uploading…' : group ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
