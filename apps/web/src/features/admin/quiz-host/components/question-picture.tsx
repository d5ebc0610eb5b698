import { IMAGE_TYPES, QUIZ, imageUrl } from '@alumnet/contract';
import { Button, FileInput, Group, Image, Stack, TextInput } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadImage } from '../../../../lib/upload-image';
import type { QuestionDraft } from '../utils/quiz-draft';

/**
 * A question's picture: uploaded as soon as it is chosen (the server checks its bytes and resizes
 * it), previewed as players will see it, described for those who cannot, or removed.
 */
export function QuestionPicture({
  question,
  n,
  altError,
  onChange,
}: {
  question: QuestionDraft;
  n: number;
  altError: string | undefined;
  /** An updater: the upload ends after other edits of the question may have landed. */
  onChange: (change: (q: QuestionDraft) => QuestionDraft) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const image = question.image;

  async function choose(file: File | null) {
    setRefusal(null);
    if (!file) return;
    setUploading(true);
    try {
      const name = await uploadImage(file);
      onChange((q) => ({ ...q, image: { name, alt: q.image?.alt ?? '' } }));
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Stack gap="xs">
      <FileInput
        label="Picture (optional)"
        aria-label={`Question ${n} picture`}
        placeholder={image ? 'Choose another picture' : 'Choose a JPEG or PNG'}
        accept={IMAGE_TYPES.join(',')}
        leftSection={<IconPhoto size={18} />}
        // The file is sent at once; the input only ever starts a new choice.
        value={null}
        onChange={(file) => void choose(file)}
        disabled={uploading}
        error={refusal}
        description={uploading ? 'Uploading…' : undefined}
      />
      {image && (
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Image
            src={imageUrl(image.name, 'medium')}
            alt={image.alt || `Picture of question ${n}`}
            h={120}
            w={200}
            radius="sm"
            fit="contain"
            bg="gray.1"
          />
          <Stack gap="xs" style={{ flex: '1 1 200px' }}>
            <TextInput
              label="Describe the picture"
              aria-label={`Question ${n} picture description`}
              placeholder="What the picture shows"
              value={image.alt}
              onChange={(e) => {
                const alt = e.currentTarget.value;
                onChange((q) => ({ ...q, image: q.image && { ...q.image, alt } }));
              }}
              error={altError}
              maxLength={QUIZ.maxAltLength}
              required
            />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange((q) => ({ ...q, image: null }))}
              w="fit-content"
            >
              Remove picture
            </Button>
          </Stack>
        </Group>
      )}
    </Stack>
  );
}
