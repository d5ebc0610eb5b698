import type { GalleryItem } from '@alumnet/contract';
import { ActionIcon, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, type PointerEvent } from 'react';
import classes from './gallery.module.css';
import { pictureDate } from './picture-date';

/** How far (px) a finger must travel sideways, more than up or down, to turn the picture. */
const SWIPE_DISTANCE = 40;

type PictureViewerProps = {
  item: GalleryItem | undefined;
  /** "Picture 3 of 24": where the item sits among those loaded. */
  position: string;
  neighbours: GalleryItem[];
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onClose: () => void;
};

/** The large picture with who posted it, when, and what they wrote; keys and swipes turn it. */
export function PictureViewer({
  item,
  position,
  neighbours,
  onPrevious,
  onNext,
  onClose,
}: PictureViewerProps) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const opened = item !== undefined;
  useArrowKeys(opened, onPrevious, onNext);
  usePreload(neighbours);
  const swipe = useSwipe(onPrevious, onNext);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={narrow}
      size="min(1100px, 94vw)"
      centered
      title={item?.postedBy.fullName}
      closeButtonProps={{ 'aria-label': 'Close the picture' }}
      styles={{ title: { fontWeight: 600 } }}
    >
      {item && (
        <Stack gap="sm">
          <div className={classes.stage} {...swipe}>
            <img
              key={item.postId}
              className={classes.large}
              src={item.url}
              alt={item.message ? `Picture: ${item.message}` : 'Picture'}
              draggable={false}
            />
            <ActionIcon
              className={`${classes.step} ${classes.previous}`}
              variant="white"
              color="dark"
              radius="xl"
              size="xl"
              aria-label="Previous picture"
              disabled={!onPrevious}
              onClick={onPrevious ?? undefined}
            >
              <IconChevronLeft size={26} />
            </ActionIcon>
            <ActionIcon
              className={`${classes.step} ${classes.next}`}
              variant="white"
              color="dark"
              radius="xl"
              size="xl"
              aria-label="Next picture"
              disabled={!onNext}
              onClick={onNext ?? undefined}
            >
              <IconChevronRight size={26} />
            </ActionIcon>
          </div>
          <VisuallyHidden aria-live="polite">{position}</VisuallyHidden>
          <Text size="sm" c="dimmed">
            <time dateTime={item.createdAt}>{pictureDate(item.createdAt)}</time>
          </Text>
          {item.message && <Text className={classes.message}>{item.message}</Text>}
        </Stack>
      )}
    </Modal>
  );
}

/** ← and → turn the picture while the viewer is open (Escape is the modal's own). */
function useArrowKeys(
  opened: boolean,
  onPrevious: (() => void) | null,
  onNext: (() => void) | null,
) {
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const step =
        event.key === 'ArrowLeft' ? onPrevious : event.key === 'ArrowRight' ? onNext : null;
      if (!step) return;
      event.preventDefault();
      step();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [opened, onPrevious, onNext]);
}

/** A sideways swipe (pointer events, so touch, pen and mouse drag alike) turns the picture. */
function useSwipe(onPrevious: (() => void) | null, onNext: (() => void) | null) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return;
      (dx < 0 ? onNext : onPrevious)?.();
    },
  };
}

/** The pictures either side are fetched ahead, so turning shows them at once. */
function usePreload(items: GalleryItem[]) {
  const urls = items.map((i) => i.url).join(' ');
  useEffect(() => {
    for (const url of urls.split(' ').filter(Boolean)) new Image().src = url;
  }, [urls]);
}
