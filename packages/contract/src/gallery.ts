import { z } from 'zod';
import { idSchema } from './common';

/** Four full rows at 2, 3 or 4 columns. */
export const GALLERY_PAGE_SIZE = 24;
/** An item carries at most this many characters of its post's message. */
export const GALLERY_MESSAGE_LENGTH = 280;
/** The width sharp gives every thumbnail (the server's images module, THUMB_WIDTH). */
export const GALLERY_THUMB_WIDTH = 256;

/** One picture the viewer may see, and where it was posted. */
export const galleryItem = z.object({
  postId: idSchema,
  /** The stored image name, as the feed gives it. */
  image: z.string(),
  /** The full picture (GET /v1/s3). */
  url: z.string(),
  /** Smaller renditions, narrowest first, for srcset. */
  thumbnails: z.array(z.object({ url: z.string(), width: z.number().int().positive() })),
  postedBy: z.object({ _id: idSchema, fullName: z.string() }),
  createdAt: z.iso.datetime(),
  /** The post's message, cut to GALLERY_MESSAGE_LENGTH characters with an ellipsis. */
  message: z.string(),
});
export type GalleryItem = z.infer<typeof galleryItem>;

/** `nextCursor` continues after the last item; null when there is nothing older. */
export const galleryPage = z.object({
  items: z.array(galleryItem),
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPage>;

/** GET /api/gallery?cursor=…: the cursor is the `nextCursor` of the previous page. */
export const galleryQuery = z.object({
  cursor: z
    .string()
    .regex(/^[^|]+\|[0-9a-f-]{36}$/i, 'Invalid cursor')
    .optional(),
});
