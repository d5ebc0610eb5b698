import { z } from 'zod';

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Shown for members with no picture (member-portal.md §9). */
export const DEFAULT_PROFILE_PIC = 'default-profile.png';
export const IMAGE_SIZES = ['full', 'thumb'] as const;

/** member-portal.md §7: the upload path's file name is a timestamp, an underscore and the original name. */
export const uploadFileName = (originalName: string, now = Date.now()) =>
  `${now}_${originalName.replace(/[^\w.-]+/g, '_').slice(-120)}`;

/** PUT /v1/{filename}: the server keeps the bytes under a name of its own and answers it. */
export const uploadAnswer = z.object({ image: z.string(), url: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

export const imageQuery = z.object({
  image: z.string({ error: 'image is required' }).min(1, 'image is required').max(300),
  size: z.enum(IMAGE_SIZES).default('full'),
});

/** Where the browser shows a stored image; no name means the default picture. */
export const imageUrl = (
  name: string | null | undefined,
  size: (typeof IMAGE_SIZES)[number] = 'full',
) =>
  `/v1/s3?image=${encodeURIComponent(name || DEFAULT_PROFILE_PIC)}${size === 'thumb' ? '&size=thumb' : ''}`;
