import type { IncomingMessage } from 'node:http';
import {
  DEFAULT_PROFILE_PIC,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  imageQuery,
  imageUrl,
  uploadAnswer,
} from '@alumnet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { notFound } from '../../lib/errors';
import { CACHE_FOREVER } from '../../lib/http-cache';
import { perMember } from '../../lib/rate-limits';
import { createStorage } from '../../storage';
import {
  imageTooLarge,
  loadDefaultPicture,
  openImage,
  storeUpload,
  storedImageEtag,
  unsupportedImage,
} from './service';

// The default picture keeps its name when a release changes it, so it is revalidated daily.
const CACHE_DEFAULT_PICTURE = 'public, max-age=86400';

/**
 * Reads an image body into a Buffer, refusing more than MAX_IMAGE_BYTES with the contract's
 * message, before reading when the size is declared. The rest of an oversized body is drained,
 * not kept, so the answer still reaches the caller.
 */
function readImageBody(
  request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: Error | null, body?: Buffer) => void,
) {
  if (Number(request.headers['content-length']) > MAX_IMAGE_BYTES) {
    payload.resume();
    return done(imageTooLarge());
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (error: Error | null, body?: Buffer) => {
    if (settled) return;
    settled = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) {
      chunks.length = 0;
      settle(imageTooLarge());
    } else chunks.push(chunk);
  });
  payload.on('end', () => settle(null, Buffer.concat(chunks, size)));
  payload.on('error', (error) => settle(error));
}

const sendCached = (reply: FastifyReply, etag: string, cacheControl: string) =>
  reply.header('cache-control', cacheControl).header('etag', etag);

const isFresh = (request: FastifyRequest, etag: string) =>
  request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag) ?? false;

/**
 * The spec's image calls (member-portal.md §7): PUT /v1/{filename} stores an upload, GET /v1/s3
 * shows one. Storage is the disk folder, or S3 when configured.
 */
export const imageRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const storage = createStorage(config);
  const defaultPicture = await loadDefaultPicture();

  // In this plugin only: image bytes arrive raw; any other body is refused before it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...IMAGE_TYPES, 'application/octet-stream'], readImageBody);
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    done(unsupportedImage());
  });

  app.put(
    // A wildcard, not a parameter: the spec's "timestamp_originalName" can be longer than a
    // route parameter may be.
    '/v1/*',
    {
      onRequest: app.requireUser,
      config: perMember(60),
      schema: {
        tags: ['images'],
        summary: 'Upload a jpeg or png (raw bytes, at most 5 MB); the path names the original file',
        params: z.object({ '*': z.string() }),
        response: { 200: uploadAnswer },
      },
    },
    async (request) => {
      // The file name in the path is only a hint and is not kept: the server names what it stores.
      if (!Buffer.isBuffer(request.body)) throw unsupportedImage();
      const image = await storeUpload(storage, request.body);
      return { image, url: imageUrl(image) };
    },
  );

  app.get(
    '/v1/s3',
    {
      schema: {
        tags: ['images'],
        summary: 'Show a stored image (public: stored names are unguessable)',
        querystring: imageQuery,
      },
    },
    async (request, reply) => {
      const { image, size } = request.query;
      if (image === DEFAULT_PROFILE_PIC) {
        sendCached(reply, defaultPicture.etag, CACHE_DEFAULT_PICTURE);
        if (isFresh(request, defaultPicture.etag)) return reply.code(304).send();
        return reply.type(defaultPicture.contentType).send(defaultPicture.bytes);
      }
      const etag = storedImageEtag(image, size);
      if (isFresh(request, etag)) return sendCached(reply, etag, CACHE_FOREVER).code(304).send();
      const found = await openImage(storage, image, size);
      if (!found) throw notFound('Image not found.');
      sendCached(reply, etag, CACHE_FOREVER).type(found.contentType);
      if (found.object.size !== undefined) reply.header('content-length', found.object.size);
      return reply.send(found.object.body);
    },
  );
};
