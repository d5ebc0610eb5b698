import {
  GALLERY_MESSAGE_LENGTH,
  GALLERY_THUMB_WIDTH,
  feedCursor,
  imageUrl,
  type GalleryItem,
  type GalleryPage,
} from '@alumnet/contract';
import type { PictureRow } from './repository';

/**
 * The message cut to `max` characters (code points, so no emoji is split), back to the last
 * word when one ends near the cut, with an ellipsis.
 */
export function shortMessage(message: string, max = GALLERY_MESSAGE_LENGTH) {
  const chars = Array.from(message);
  if (chars.length <= max) return message;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.search(/\s\S*$/);
  const words = space > 0 && space > cut.length - 30 ? cut.slice(0, space) : cut;
  return `${words.trimEnd()}…`;
}

export function presentPicture(row: PictureRow): GalleryItem {
  return {
    postId: row.id,
    image: row.image,
    url: imageUrl(row.image),
    thumbnails: [{ url: imageUrl(row.image, 'thumb'), width: GALLERY_THUMB_WIDTH }],
    postedBy: { _id: row.authorId, fullName: row.fullName },
    createdAt: row.createdAt,
    message: shortMessage(row.message),
  };
}

export function presentGalleryPage({
  rows,
  more,
}: {
  rows: PictureRow[];
  more: boolean;
}): GalleryPage {
  const last = rows.at(-1);
  return {
    items: rows.map(presentPicture),
    nextCursor: more && last ? feedCursor({ createdAt: last.createdAt, _id: last.id }) : null,
  };
}
