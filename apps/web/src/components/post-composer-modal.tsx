import {
  ActionIcon,
  Button,
  FileInput,
  Group,
  Image,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhoto, IconX } from '@tabler/icons-react';
import {
  ACCESS_LEVELS,
  IMAGE_TYPES,
  INVALID_IMAGE_TYPE_MESSAGE,
  MAX_POST_LENGTH,
  groupPostBody,
  postAddBody,
  type AccessLevel,
  type Post,
} from '@alumnet/contract';
import { useState, type FormEvent } from 'react';
import { ACCESS_LEVEL_LABELS } from '../lib/access-levels';
import { ApiRequestError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { isAllowedImage, uploadImage } from '../lib/upload-image';
import { useObjectUrl } from '../lib/use-object-url';
import { useTakenOver } from '../lib/use-taken-over';

const SHARE_WITH = ACCESS_LEVELS.map((value) => ({ value, label: ACCESS_LEVEL_LABELS[value] }));

/** What the composer hands over: the message, the stored image, and the level when it asks one. */
export type ComposedPost = { message: string; image: string | null; accessLevel?: AccessLevel };

type PostComposerModalProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (post: Post) => void;
  /** Stores the post (the feed's call, or a group's); rejects with the server's refusal. */
  save: (post: ComposedPost) => Promise<Post>;
  saving: boolean;
  /** The feed asks whom to share with; a group's post has its group as audience (issue 27). */
  withShareWith: boolean;
  title?: string;
};

/**
 * 'Create New Post' (member-portal.md §2, §5, §8): message, 'Share with' (the feed only),
 * optional image. The feed and a group's page (issue 27) both use it.
 */
export function PostComposerModal({
  opened,
  onClose,
  onCreated,
  save,
  saving,
  withShareWith,
  title = 'Create New Post',
}: PostComposerModalProps) {
  const takenOver = useTakenOver();
  const narrow = useMediaQuery('(max-width: 36em)');
  const [message, setMessage] = useState('');
  const [shareWith, setShareWith] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // A file of another type is kept only to show why it is refused; it gets no preview.
  const preview = useObjectUrl(file && isAllowedImage(file) ? file : null);
  const [uploading, setUploading] = useState(false);
  const busy = uploading || saving;

  function reset() {
    setMessage('');
    setShareWith(null);
    setFile(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The contract checks message then 'Share with', in the spec's order; the image comes last.
    let accessLevel: AccessLevel | undefined;
    if (withShareWith) {
      const checked = postAddBody.safeParse({ message, accessLevel: shareWith ?? undefined });
      if (!checked.success) return void notify.error(checked.error.issues[0]?.message ?? '');
      accessLevel = checked.data.accessLevel;
    } else {
      const checked = groupPostBody.safeParse({ message });
      if (!checked.success) return void notify.error(checked.error.issues[0]?.message ?? '');
    }
    if (file && !isAllowedImage(file)) return void notify.error(INVALID_IMAGE_TYPE_MESSAGE);

    let image: string | null = null;
    if (file) {
      setUploading(true);
      try {
        image = await uploadImage(file);
      } catch (error) {
        // The post is not made without the image the member chose.
        return void notify.error(`Error uploading file: ${(error as Error).message}`);
      } finally {
        setUploading(false);
      }
    }

    try {
      const created = await save(
        accessLevel ? { message, image, accessLevel } : { message, image },
      );
      reset();
      onCreated(created);
      onClose();
    } catch (error) {
      notify.error(
        error instanceof ApiRequestError && error.status > 0
          ? `Error: ${error.message}`
          : 'An error occurred while creating the new post.',
      );
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      radius="lg"
      fullScreen={narrow}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="Message"
            name="message"
            placeholder="What would you like to share with your alumni?"
            autosize
            minRows={4}
            maxRows={12}
            maxLength={MAX_POST_LENGTH}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
          />
          {withShareWith && (
            <Select
              label="Share with"
              name="accessLevel"
              placeholder="Choose who can see it"
              data={SHARE_WITH}
              value={shareWith}
              onChange={setShareWith}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <FileInput
            label="Image (optional)"
            name="image"
            placeholder="Choose a JPEG or PNG"
            accept={IMAGE_TYPES.join(',')}
            leftSection={<IconPhoto size={18} />}
            clearable
            value={file}
            onChange={setFile}
            error={file && !isAllowedImage(file) ? INVALID_IMAGE_TYPE_MESSAGE : undefined}
          />
          {preview && (
            <Paper withBorder radius="md" p={4} pos="relative">
              <Image
                src={preview}
                alt="Preview of the chosen image"
                radius="sm"
                mah={260}
                fit="contain"
              />
              <ActionIcon
                aria-label="Remove image"
                pos="absolute"
                top={12}
                right={12}
                variant="filled"
                color="dark"
                radius="xl"
                onClick={() => setFile(null)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Paper>
          )}
          <Group justify="space-between" align="center" wrap="nowrap">
            <Text size="xs" c="dimmed">
              JPEG or PNG, up to 5 MB.
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={!takenOver || saving} disabled={uploading}>
                {uploading ? 'Uploading...' : 'Post'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
