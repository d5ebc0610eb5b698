import { IMAGE_TYPES, INVALID_IMAGE_TYPE_MESSAGE, imageUrl } from '@alumnet/contract';
import { Button, FileInput, Group, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { isAllowedImage } from '../lib/upload-image';
import { useObjectUrl } from '../lib/use-object-url';

/**
 * A cover picture in an admin's form (a group's, an event's): the stored one, or a new file
 * chosen (previewed before it is uploaded with the form), or none.
 */
export function CoverPictureField({
  file,
  onFile,
  cover,
  onRemove,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  /** The stored picture's name. */
  cover: string | null;
  onRemove: () => void;
}) {
  const preview = useObjectUrl(file && isAllowedImage(file) ? file : null);
  return (
    <>
      <FileInput
        label="Cover picture"
        name="coverPicture"
        placeholder={cover ? 'Choose another picture' : 'Choose a JPEG or PNG'}
        accept={IMAGE_TYPES.join(',')}
        leftSection={<IconPhoto size={18} />}
        clearable
        value={file}
        onChange={onFile}
        error={file && !isAllowedImage(file) ? INVALID_IMAGE_TYPE_MESSAGE : undefined}
      />
      {(preview || cover) && (
        <Group gap="xs" align="flex-end">
          <Image
            src={preview ?? imageUrl(cover, 'medium')}
            alt="Cover picture"
            h={90}
            w={160}
            radius="sm"
            fit="cover"
          />
          {cover && !file && (
            <Button variant="subtle" size="xs" color="red" onClick={onRemove}>
              Remove picture
            </Button>
          )}
        </Group>
      )}
    </>
  );
}
