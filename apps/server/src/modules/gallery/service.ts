import { GALLERY_MESSAGE_LENGTH, GALLERY_PAGE_SIZE } from '@alumnet/contract';
import type { Database } from '../../db/client';
import { parseCursor, type Viewer } from '../posts';
import * as repo from './repository';

export function createGalleryService(db: Database) {
  return {
    /** One page of pictures; one row more than a page is read to know whether another follows. */
    async page(viewer: Viewer, cursor: string | undefined) {
      const after = parseCursor(cursor);
      const rows = await repo.findPictures(
        db,
        viewer,
        after,
        GALLERY_PAGE_SIZE + 1,
        GALLERY_MESSAGE_LENGTH,
      );
      return { rows: rows.slice(0, GALLERY_PAGE_SIZE), more: rows.length > GALLERY_PAGE_SIZE };
    },
  };
}
