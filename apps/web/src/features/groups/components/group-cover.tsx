import { imageUrl } from '@alumnet/contract';
import { Box, Image } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import classes from './groups.module.css';

/** A group's cover picture, or a soft gradient with the group's icon when it has none. */
export function GroupCover({
  picture,
  name,
  height,
}: {
  picture: string | null;
  name: string;
  height: number;
}) {
  if (!picture) {
    return (
      <Box className={classes.placeholder} h={height} aria-hidden data-testid="cover-placeholder">
        <IconUsersGroup size={Math.min(56, height / 2)} stroke={1.3} />
      </Box>
    );
  }
  return (
    <picture>
      <source type="image/webp" srcSet={imageUrl(picture, 'medium')} />
      <Image src={imageUrl(picture)} alt={`Cover picture of ${name}`} h={height} fit="cover" />
    </picture>
  );
}
