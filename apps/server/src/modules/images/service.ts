import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DEFAULT_PROFILE_PIC,
  IMAGE_TOO_LARGE_MESSAGE,
  INVALID_IMAGE_TYPE_MESSAGE,
  type ImageSize,
} from '@alumnet/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/errors';
import { assetsUrl } from '../../paths';
import type { Storage, StoredObject } from '../../storage';
import { DEMO_IMAGES, demoSceneSvg } from './demo-scenes';

export const THUMB_WIDTH = 256;
/** The `medium` size: a post's picture on a 2x phone screen, or a desktop feed's column. */
export const MEDIUM_WIDTH = 720;
/**
 * A 5 MB PNG of one colour can claim billions of pixels; decoding it would take gigabytes. 100
 * megapixels is above any phone camera.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

// libvips keeps the results of recent operations (up to 50 MB by default) for pipelines repeated
// on the same input; here each picture is processed once and its copies stored, so that cache
// would only hold memory.
sharp.cache(false);

type ImageKind = { mime: 'image/jpeg' | 'image/png'; ext: 'jpg' | 'png' };
const JPEG: ImageKind = { mime: 'image/jpeg', ext: 'jpg' };
const PNG: ImageKind = { mime: 'image/png', ext: 'png' };

export const unsupportedImage = () => new AppError(415, INVALID_IMAGE_TYPE_MESSAGE);
export const imageTooLarge = () => new AppError(413, IMAGE_TOO_LARGE_MESSAGE);

/** The type a stored name stands for; stored names always end in the real type's extension. */
export function kindOfName(name: string): ImageKind | null {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'jpg' || ext === 'jpeg') return JPEG;
  if (ext === 'png') return PNG;
  return null;
}

/** Thumbnails sit beside their image under the same name. */
export const thumbKey = (name: string) => `thumbs/${name}`;
/** The medium WebP copy, made the first time it is asked for. */
export const mediumKey = (name: string) => `medium/${name}.webp`;

/** The type the bytes really are, whatever the request claimed; null for anything but jpeg/png. */
async function sniff(bytes: Buffer): Promise<ImageKind | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (found?.mime === 'image/jpeg') return JPEG;
  // An animated PNG is still a PNG every browser shows (its first frame at worst).
  if (found?.mime === 'image/png' || found?.mime === 'image/apng') return PNG;
  return null;
}

// mozjpeg and the strongest PNG compression only for thumbnails: on a 12-megapixel photo they take
// seconds where the plain encoders take about one.
const encodeThumb = (image: Sharp, kind: ImageKind) =>
  kind === JPEG
    ? image.jpeg({ quality: 80, mozjpeg: true }).toBuffer()
    : image.png({ compressionLevel: 9 }).toBuffer();
const encodeFull = (image: Sharp, kind: ImageKind) =>
  kind === JPEG ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();

/**
 * The stored full image and its thumbnail. The original bytes are kept as sent unless they carry
 * metadata (camera EXIF with GPS, XMP, IPTC) or an EXIF rotation: then the image is turned upright
 * and re-encoded without it, so a member's location never leaks through a post picture.
 */
async function prepare(bytes: Buffer, kind: ImageKind) {
  const open = () => sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS });
  try {
    // Read with no limit so a too-big picture gets its own message; decoding keeps the limit.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) {
      throw new AppError(413, 'Images can be at most 100 megapixels.');
    }
    // Decoding the whole image for the thumbnail is also what proves the bytes are not corrupt.
    const thumb = await encodeThumb(
      open().rotate().resize({ width: THUMB_WIDTH, withoutEnlargement: true }),
      kind,
    );
    const rotated = meta.orientation !== undefined && meta.orientation !== 1;
    const full =
      rotated || meta.exif || meta.xmp || meta.iptc
        ? await encodeFull(open().rotate(), kind)
        : bytes;
    return { full, thumb };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupportedImage();
  }
}

/** Keeps an uploaded image under a new random name and answers that name. */
export async function storeUpload(storage: Storage, bytes: Buffer): Promise<string> {
  const kind = await sniff(bytes);
  if (!kind) throw unsupportedImage();
  const { full, thumb } = await prepare(bytes, kind);
  const name = `${randomBytes(16).toString('base64url')}.${kind.ext}`;
  await putWithThumb(storage, name, { full, thumb }, kind);
  return name;
}

/**
 * The thumbnail first: once the full image exists the name may be handed out, so an image that
 * exists always has its thumbnail.
 */
async function putWithThumb(
  storage: Storage,
  name: string,
  { full, thumb }: { full: Buffer; thumb: Buffer },
  kind: ImageKind,
) {
  await storage.put(thumbKey(name), thumb, kind.mime);
  await storage.put(name, full, kind.mime);
}

export interface ImageToSend {
  contentType: string;
  object: StoredObject;
}

/** A stored image, its thumbnail or its medium copy; an image with no thumbnail is sent whole. */
export async function openImage(
  storage: Storage,
  name: string,
  size: ImageSize,
): Promise<ImageToSend | null> {
  const kind = kindOfName(name);
  if (!kind) return null;
  if (size === 'medium') {
    const stored = await storage.get(mediumKey(name));
    if (stored) return { contentType: 'image/webp', object: stored };
    const made = await makeMedium(storage, name);
    if (made)
      return {
        contentType: 'image/webp',
        object: { body: Readable.from([made]), size: made.length },
      };
  }
  const object =
    (size === 'thumb' ? await storage.get(thumbKey(name)) : null) ?? (await storage.get(name));
  return object ? { contentType: kind.mime, object } : null;
}

// Requests for one picture that arrive while its copy is being made share the making.
const making = new Map<string, Promise<Buffer | null>>();

/**
 * Makes, keeps and answers an image's medium copy. On demand rather than at upload, so that
 * the pictures stored before this size existed get one too; made once, then read like any file.
 * Null when the image is not there (or no longer decodes: the full image is then sent).
 */
function makeMedium(storage: Storage, name: string) {
  const key = mediumKey(name);
  let made = making.get(key);
  if (!made) {
    made = (async () => {
      const full = await storage.get(name);
      if (!full) return null;
      const bytes = await buffer(full.body);
      const webp = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: MEDIUM_WIDTH, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer()
        .catch(() => null);
      if (!webp) return null;
      await storage.put(key, webp, 'image/webp');
      return webp;
    })().finally(() => making.delete(key));
    making.set(key, made);
  }
  return made;
}

/** Validators that never need the bytes: a stored name always holds the same image. */
export const storedImageEtag = (name: string, size: ImageSize) =>
  `"${createHash('sha256').update(`${size}:${name}`).digest('base64url').slice(0, 22)}"`;

/** The shipped default picture, read once; its name is fixed, so its tag follows its bytes. */
export async function loadDefaultPicture() {
  const bytes = await readFile(new URL(DEFAULT_PROFILE_PIC, assetsUrl));
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
  return { bytes, etag, contentType: PNG.mime };
}

/**
 * Makes sure the pictures the demo data points at exist in storage: the demo post images (drawn
 * once, the same on every machine) and the default profile picture. Quick when they already exist.
 */
export async function ensureShippedImages(storage: Storage): Promise<string[]> {
  const created: string[] = [];
  for (const name of DEMO_IMAGES) {
    if (await storage.exists(name)) continue;
    const picture = sharp(Buffer.from(demoSceneSvg(name)));
    const full = await picture.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    const thumb = await encodeThumb(picture.clone().resize({ width: THUMB_WIDTH }), JPEG);
    await putWithThumb(storage, name, { full, thumb }, JPEG);
    created.push(name);
  }
  if (!(await storage.exists(DEFAULT_PROFILE_PIC))) {
    const { bytes } = await loadDefaultPicture();
    await putWithThumb(storage, DEFAULT_PROFILE_PIC, { full: bytes, thumb: bytes }, PNG);
    created.push(DEFAULT_PROFILE_PIC);
  }
  return created;
}
