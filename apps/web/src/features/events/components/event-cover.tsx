import { imageUrl } from '@alumnet/contract';
import { Box, Image } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import classes from './events.module.css';

/** An event's cover picture, or a soft gradient with a calendar when it has none. */
export function EventCover({
  picture,
  title,
  height,
}: {
  picture: string | null;
  title: string;
  height: number;
}) {
  if (!picture) {
    return (
      <Box className={classes.placeholder} h={height} aria-hidden data-testid="cover-placeholder">
        <IconCalendar size={Math.min(56, height / 2)} stroke={1.3} />
      </Box>
    );
  }
  return (
    <picture>
      <source type="image/webp" srcSet={imageUrl(picture, 'medium')} />
      <Image src={imageUrl(picture)} alt={`Cover picture of ${title}`} h={height} fit="cover" />
    </picture>
  );
}
