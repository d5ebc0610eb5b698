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
  postAddBody,
  type Post,
} from '@alumnet/contract';
import { useState, type FormEvent } from 'react';
import { ACCESS_LEVEL_LABELS } from '../../../lib/access-levels';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { isAllowedImage, uploadImage } from '../../../lib/upload-image';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useAddPost } from '../api/posts';

const SHARE_WITH = ACCESS_LEVELS.map((value) => ({ value, label: ACCESS_LEVEL_LABELS[value] }));

type NewPostModalProps = {
  userId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (post: Post) => void;
};

/** 'Create New Post' (member-portal.md §2, §5, §8): message, 'Share with', optional image. */
export function NewPostModal({ userId, opened, onClose, onCreated }: NewPostModalProps) {
  const addPost = useAddPost(userId);
  const narrow = useMediaQuery('(max-width: 36em)');
  const [message, setMessage] = useState('');
  const [shareWith, setShareWith] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // A file of another type is kept only to show why it is refused; it gets no preview.
  const preview = useObjectUrl(file && isAllowedImage(file) ? file : null);
  const [uploading, setUploading] = useState(false);
  const busy = uploading || addPost.isPending;

  function reset() {
    setMessage('');
    setShareWith(null);
    setFile(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The contract checks message then 'Share with', in the spec's order; the image comes last.
    const checked = postAddBody.safeParse({ message, accessLevel: shareWith ?? undefined });
    if (!checked.success) return void notify.error(checked.error.issues[0]?.message ?? '');
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
      const created = await addPost.mutateAsync({
        message,
        image,
        accessLevel: checked.data.accessLevel,
      });
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
      title="Create New Post"
      size="lg"
      radius="lg"
      fullScreen={narrow}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="Message"
            placeholder="What would you like to share with your alumni?"
            autosize
            minRows={4}
            maxRows={12}
            maxLength={MAX_POST_LENGTH}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-autofocus
          />
          <Select
            label="Share with"
            placeholder="Choose who can see it"
            data={SHARE_WITH}
            value={shareWith}
            onChange={setShareWith}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label="Image (optional)"
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
              <Button type="submit" loading={addPost.isPending} disabled={uploading}>
                {uploading ? 'Uploading...' : 'Post'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
