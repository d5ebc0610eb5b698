import {
  API,
  IMAGE_TOO_LARGE_MESSAGE,
  INVALID_IMAGE_TYPE_MESSAGE,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  apiErrorSchema,
  uploadAnswer,
  uploadFileName,
} from '@alumnet/contract';

/** The spec's check before anything is sent: jpeg or png only. The server checks the bytes too. */
export const isAllowedImage = (file: File) =>
  (IMAGE_TYPES as readonly string[]).includes(file.type);

/**
 * PUT /v1/{timestamp_originalName} with the image bytes (member-portal.md §7). Resolves to the
 * name the server stored it under; rejects with a readable message.
 */
export async function uploadImage(file: File): Promise<string> {
  if (!isAllowedImage(file)) throw new Error(INVALID_IMAGE_TYPE_MESSAGE);
  if (file.size > MAX_IMAGE_BYTES) throw new Error(IMAGE_TOO_LARGE_MESSAGE);
  let response: Response;
  try {
    response = await fetch(API.images.upload(uploadFileName(file.name)), {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': file.type },
      body: file,
    });
  } catch {
    throw new Error('Cannot reach the server. Please check your connection.');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(data);
    throw new Error(parsed.success ? parsed.data.message : `Upload failed (${response.status})`);
  }
  return uploadAnswer.parse(data).image;
}
