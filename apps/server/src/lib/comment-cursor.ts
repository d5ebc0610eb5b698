import { idSchema } from '@alumnet/contract';
import { badRequest } from './errors';

/** Keyset position in a thread of comments: the last comment of the previous page. */
export interface CommentPosition {
  /** ISO 8601 with microseconds: a cursor rounded to milliseconds would skip comments. */
  createdAt: string;
  id: string;
}

export const INVALID_COMMENT_CURSOR =
  'Invalid cursor: pass the nextCursor of the previous page of comments.';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

// Opaque to clients (they only hand back what they were given), so its format may change.
export const encodeCommentCursor = (p: CommentPosition) =>
  Buffer.from(`${p.createdAt}|${p.id}`, 'utf8').toString('base64url');

/** The position a `before` names, null for the first page; 400 for anything else. */
export function decodeCommentCursor(before: string | undefined): CommentPosition | null {
  if (before === undefined || before === '') return null;
  if (!/^[A-Za-z0-9_-]+$/.test(before)) throw badRequest(INVALID_COMMENT_CURSOR);
  const [createdAt = '', id = '', extra] = Buffer.from(before, 'base64url')
    .toString('utf8')
    .split('|');
  if (
    extra !== undefined ||
    !ISO_TIMESTAMP.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    !idSchema.safeParse(id).success
  ) {
    throw badRequest(INVALID_COMMENT_CURSOR);
  }
  return { createdAt, id: id.toLowerCase() };
}

/**
 * One page from `rows`, fetched with one row more than `pageSize`: that extra row says whether an
 * older page exists, so the last page answers nextCursor null without another query.
 */
export function commentPage<T extends CommentPosition>(rows: T[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > pageSize && last ? encodeCommentCursor(last) : null,
  };
}
