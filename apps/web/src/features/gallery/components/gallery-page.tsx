import { Alert, Button, Center, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MemberLayout } from '../../../components/member-layout';
import { galleryQuery } from '../api/gallery';
import classes from './gallery.module.css';
import { PictureGrid } from './picture-grid';
import { PictureViewer } from './picture-viewer';

/** `/gallery` for a member: the pictures of the posts they may see, newest first. */
export function GalleryPage() {
  return (
    <MemberLayout>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Gallery
          </Title>
          <Text c="dimmed" size="sm">
            Pictures shared in the posts you can see, newest first.
          </Text>
        </Stack>
        <Gallery />
      </Stack>
    </MemberLayout>
  );
}

function Gallery() {
  const gallery = useInfiniteQuery(galleryQuery);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = gallery;
  const items = useMemo(() => gallery.data?.pages.flatMap((p) => p.items) ?? [], [gallery.data]);
  const [open, setOpen] = useState<number | null>(null);

  const loadMore = useCallback(async () => {
    if (!hasNextPage || isFetchingNextPage) return false;
    const result = await fetchNextPage();
    return !result.isError;
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const previous = useMemo(
    () => (open !== null && open > 0 ? () => setOpen(open - 1) : null),
    [open],
  );
  // Past the last loaded picture, the next page is fetched and the viewer moves on when it lands.
  const next = useMemo(() => {
    if (open === null) return null;
    if (open < items.length - 1) return () => setOpen(open + 1);
    if (!hasNextPage) return null;
    return () => void loadMore().then((loaded) => loaded && setOpen(open + 1));
  }, [open, items.length, hasNextPage, loadMore]);

  if (gallery.isPending) return <GridSkeleton />;
  if (gallery.isError && items.length === 0) {
    return (
      <Alert color="red" title="Could not load the pictures">
        <Button mt="xs" size="xs" variant="light" color="red" onClick={() => gallery.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        No pictures yet. When someone shares a picture in a post you can see, it appears here.
      </Text>
    );
  }

  return (
    <>
      <PictureGrid items={items} onOpen={setOpen} />
      {hasNextPage && <LoadMore loading={isFetchingNextPage} onLoad={loadMore} />}
      {gallery.isFetchNextPageError && (
        <Alert color="red">Could not load more pictures. Please try again.</Alert>
      )}
      <PictureViewer
        item={open === null ? undefined : items[open]}
        position={open === null ? '' : `Picture ${open + 1} of ${items.length}`}
        neighbours={open === null ? [] : items.slice(Math.max(0, open - 1), open + 2)}
        onPrevious={previous}
        onNext={next}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

/** A button that also presses itself when it scrolls into view (infinite scroll). */
function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => Promise<boolean> }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = button.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void onLoad();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [onLoad]);
  return (
    <Center>
      <Button ref={button} variant="light" loading={loading} onClick={() => void onLoad()}>
        Load more pictures
      </Button>
    </Center>
  );
}

function GridSkeleton() {
  return (
    <div className={classes.grid} aria-busy="true" aria-label="Loading pictures">
      {Array.from({ length: 10 }, (_, i) => (
        <Skeleton key={i} style={{ aspectRatio: '1' }} h="auto" radius="sm" />
      ))}
    </div>
  );
}
