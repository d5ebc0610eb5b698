import {
  INVALID_IMAGE_TYPE_MESSAGE,
  eventBody,
  type EventAudienceLevel,
  type EventBody,
  type EventDetail,
} from '@alumnet/contract';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import {
  RichTextField,
  richTextHtml,
  useRichTextEditor,
} from '../../../../components/rich-text-field';
import { useTimeZone } from '../../../../lib/time-zone';
import { isAllowedImage, uploadImage } from '../../../../lib/upload-image';
import { useTakenOver } from '../../../../lib/use-taken-over';
import { isoToLocalInput, localInputToIso } from '../../../../lib/event-time';
import { adminNotify } from '../../shared/notify';
import { serverMessage } from '../../shared/utils/errors';
import { manageEventQuery, useSaveEvent } from '../api/events';
import { AudienceFields } from './audience-fields';
import { CoverPictureField } from '../../../../components/cover-picture-field';

/** Every zone the runtime knows, the chosen one kept even if it does not. */
function zoneOptions(current: string) {
  const zones = Intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** Create an event, or edit one (loaded whole first: the list's rows do not carry everything). */
export function EventFormModal({
  eventId,
  admin,
  collegeId,
  onClose,
}: {
  eventId: string | null;
  admin: boolean;
  collegeId: string;
  onClose: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const loaded = useQuery({ ...manageEventQuery(eventId ?? ''), enabled: Boolean(eventId) });
  return (
    <Modal
      opened
      onClose={onClose}
      title={eventId ? 'Edit the event' : 'Create an event'}
      size="xl"
      fullScreen={narrow}
      closeOnClickOutside={false}
    >
      {eventId && loaded.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the event" />
        </Center>
      ) : eventId && loaded.isError ? (
        <Alert color="red">{serverMessage(loaded.error, 'The event could not be loaded.')}</Alert>
      ) : (
        <EventForm
          event={loaded.data?.event ?? null}
          admin={admin}
          collegeId={collegeId}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function EventForm({
  event,
  admin,
  collegeId,
  onClose,
}: {
  event: EventDetail | null;
  admin: boolean;
  collegeId: string;
  onClose: () => void;
}) {
  const takenOver = useTakenOver();
  const readerZone = useTimeZone();
  const save = useSaveEvent(collegeId);
  const editor = useRichTextEditor('Description', event?.description ?? '');
  const [timeZone, setTimeZone] = useState(event?.timeZone ?? readerZone);
  const zones = useMemo(() => zoneOptions(timeZone), [timeZone]);
  const [title, setTitle] = useState(event?.title ?? '');
  const [startsAt, setStartsAt] = useState(isoToLocalInput(event?.startsAt, timeZone));
  const [endsAt, setEndsAt] = useState(isoToLocalInput(event?.endsAt, timeZone));
  const [deadline, setDeadline] = useState(isoToLocalInput(event?.rsvpDeadline, timeZone));
  const [online, setOnline] = useState(event?.online ?? false);
  const [venue, setVenue] = useState(event?.venue ?? '');
  const [address, setAddress] = useState(event?.address ?? '');
  const [mapUrl, setMapUrl] = useState(event?.mapUrl ?? '');
  const [onlineUrl, setOnlineUrl] = useState(event?.onlineUrl ?? '');
  const [capacity, setCapacity] = useState(event?.capacity?.toString() ?? '');
  const [allowGuests, setAllowGuests] = useState(event?.allowGuests ?? false);
  const [showAttendees, setShowAttendees] = useState(event?.showAttendees ?? true);
  const [level, setLevel] = useState<EventAudienceLevel>(
    event?.audience.level ?? (admin ? 'college' : 'group'),
  );
  const [audienceId, setAudienceId] = useState<string | null>(
    event && event.audience.level !== 'college' ? event.audience.id : null,
  );
  const [file, setFile] = useState<File | null>(null);
  const [cover, setCover] = useState<string | null>(event?.coverPicture ?? null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const busy = uploading || save.isPending;
  const fieldError = (field: string) => (error?.field === field ? error.message : null);

  /** The call's body, exactly: times as ISO with the chosen zone's offset. */
  function body(coverPicture: string | null): EventBody {
    return {
      title,
      description: richTextHtml(editor),
      coverPicture,
      startsAt: localInputToIso(startsAt, timeZone) ?? '',
      endsAt: localInputToIso(endsAt, timeZone) ?? '',
      timeZone,
      venue: online ? null : venue.trim() || null,
      address: online ? null : address.trim() || null,
      mapUrl: online ? null : mapUrl.trim() || null,
      onlineUrl: online ? onlineUrl.trim() || null : null,
      capacity: capacity === '' ? null : Number(capacity),
      rsvpDeadline: deadline ? localInputToIso(deadline, timeZone) : null,
      allowGuests,
      showAttendees,
      audience:
        level === 'college' ? { level } : { level, ...(audienceId ? { id: audienceId } : {}) },
    };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    if (!startsAt) return setError({ message: 'Choose when the event starts.', field: 'startsAt' });
    if (!endsAt) return setError({ message: 'Choose when the event ends.', field: 'endsAt' });
    const checked = eventBody.safeParse(body(cover));
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return setError({
        message: issue?.message ?? 'Check the form.',
        field: issue?.path.join('.') === 'venue' && online ? 'onlineUrl' : issue?.path.join('.'),
      });
    }
    if (file && !isAllowedImage(file)) return setError({ message: INVALID_IMAGE_TYPE_MESSAGE });

    let coverPicture = cover;
    if (file) {
      setUploading(true);
      try {
        coverPicture = await uploadImage(file);
        setCover(coverPicture);
        setFile(null);
      } catch (caught) {
        return setError({ message: `Error uploading file: ${(caught as Error).message}` });
      } finally {
        setUploading(false);
      }
    }
    save.mutate(
      { id: event?.id ?? null, body: body(coverPicture) },
      {
        onSuccess: () => {
          adminNotify.success(event ? 'Event saved.' : 'Event created.');
          onClose();
        },
        onError: (caught) =>
          setError({ message: serverMessage(caught, 'Could not save the event.') }),
      },
    );
  }

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Title"
          name="title"
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={fieldError('title')}
          data-autofocus
        />
        <RichTextField editor={editor} label="Description" error={fieldError('description')} />
        <CoverPictureField
          file={file}
          onFile={setFile}
          cover={cover}
          onRemove={() => setCover(null)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label="Starts"
            name="startsAt"
            required
            value={startsAt}
            onChange={(e) => setStartsAt(e.currentTarget.value)}
            error={fieldError('startsAt')}
          />
          <TextInput
            type="datetime-local"
            label="Ends"
            name="endsAt"
            required
            value={endsAt}
            onChange={(e) => setEndsAt(e.currentTarget.value)}
            error={fieldError('endsAt')}
          />
          <Select
            label="Time zone"
            name="timeZone"
            data={zones}
            value={timeZone}
            onChange={(next) => next && setTimeZone(next)}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
            error={fieldError('timeZone')}
          />
        </SimpleGrid>
        <Switch
          label="Online event"
          name="online"
          checked={online}
          onChange={(e) => setOnline(e.currentTarget.checked)}
        />
        {online ? (
          <TextInput
            label="Link to join"
            description="Shown only to those going."
            name="onlineUrl"
            type="url"
            placeholder="https://"
            value={onlineUrl}
            onChange={(e) => setOnlineUrl(e.currentTarget.value)}
            error={fieldError('onlineUrl')}
          />
        ) : (
          <>
            <TextInput
              label="Venue"
              name="venue"
              maxLength={300}
              value={venue}
              onChange={(e) => setVenue(e.currentTarget.value)}
              error={fieldError('venue')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Textarea
                label="Address"
                name="address"
                autosize
                minRows={1}
                maxRows={4}
                maxLength={500}
                value={address}
                onChange={(e) => setAddress(e.currentTarget.value)}
              />
              <TextInput
                label="Map link"
                name="mapUrl"
                type="url"
                placeholder="https://"
                value={mapUrl}
                onChange={(e) => setMapUrl(e.currentTarget.value)}
                error={fieldError('mapUrl')}
              />
            </SimpleGrid>
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Capacity"
            description="Empty: no limit. Past it, members join the waitlist."
            name="capacity"
            inputMode="numeric"
            pattern="[0-9]*"
            value={capacity}
            onChange={(e) => setCapacity(e.currentTarget.value.replace(/\D/g, ''))}
            error={fieldError('capacity')}
          />
          <TextInput
            type="datetime-local"
            label="RSVP by"
            description="Optional; in the event's time zone."
            name="rsvpDeadline"
            value={deadline}
            onChange={(e) => setDeadline(e.currentTarget.value)}
            error={fieldError('rsvpDeadline')}
          />
        </SimpleGrid>
        <Group gap="lg">
          <Switch
            label="Members may bring guests"
            name="allowGuests"
            checked={allowGuests}
            onChange={(e) => setAllowGuests(e.currentTarget.checked)}
          />
          <Switch
            label="Show members who is going"
            name="showAttendees"
            checked={showAttendees}
            onChange={(e) => setShowAttendees(e.currentTarget.checked)}
          />
        </Group>
        <AudienceFields
          admin={admin}
          collegeId={collegeId}
          level={level}
          id={audienceId}
          onChange={(nextLevel, nextId) => {
            setLevel(nextLevel);
            setAudienceId(nextId);
          }}
          error={fieldError('audience.id')}
        />
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={!takenOver || busy}>
            {uploading ? 'Uploading…' : event ? 'Save' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
