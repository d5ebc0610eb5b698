import { z } from 'zod';

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Shown for members with no picture (member-portal.md §9). */
export const DEFAULT_PROFILE_PIC = 'default-profile.png';
/**
 * `thumb`: 256 px wide, the image's own type. `medium`: at most 720 px wide, as WebP, for a
 * picture inside a post (a phone photo sent whole is megabytes); `full`: the image as stored.
 */
export const IMAGE_SIZES = ['full', 'thumb', 'medium'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const INVALID_IMAGE_TYPE_MESSAGE = 'Invalid file type. Only image files are allowed.';
export const IMAGE_TOO_LARGE_MESSAGE = 'Images can be at most 5 MB.';
/** Stored image names: letters, digits, '_', '-' and '.', never starting with a dot. */
export const IMAGE_NAME = /^[\w-][\w.-]*$/;

/** member-portal.md §7: the upload path's file name is a timestamp, an underscore and the original name. */
export const uploadFileName = (originalName: string, now = Date.now()) =>
  `${now}_${originalName.replace(/[^\w.-]+/g, '_').slice(-120)}`;

/** PUT /v1/{filename}: the server keeps the bytes under a name of its own and answers it. */
export const uploadAnswer = z.object({ image: z.string(), url: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

export const imageQuery = z.object({
  image: z
    .string({ error: 'image is required' })
    .min(1, 'image is required')
    .max(300, 'Invalid image name.')
    .regex(IMAGE_NAME, 'Invalid image name.'),
  size: z.enum(IMAGE_SIZES).default('full'),
});

/** Where the browser shows a stored image; no name means the default picture. */
export const imageUrl = (name: string | null | undefined, size: ImageSize = 'full') =>
  `/v1/s3?image=${encodeURIComponent(name || DEFAULT_PROFILE_PIC)}${size === 'full' ? '' : `&size=${size}`}`;
