import type { GalleryItem } from '@alumnet/contract';
import classes from './gallery.module.css';
import { pictureDate } from './picture-date';

/** Tiles in the first rows load at once; the rest wait until they near the screen. */
const EAGER_TILES = 10;
/** The tile's width at each grid breakpoint of gallery.module.css (1240 px is the page's cap). */
const TILE_SIZES =
  '(min-width: 75em) min(20vw, 248px), (min-width: 48em) 25vw, (min-width: 36em) 33vw, 50vw';

/**
 * Only the thumbnails the server makes: the full picture is the upload as sent (a phone photo is
 * megabytes), and a 2x or 3x phone screen would pick it for every tile. The viewer shows it.
 */
export const srcSetOf = (item: GalleryItem) =>
  item.thumbnails.map((t) => `${t.url} ${t.width}w`).join(', ');

type PictureGridProps = {
  items: GalleryItem[];
  onOpen: (index: number) => void;
};

export function PictureGrid({ items, onOpen }: PictureGridProps) {
  return (
    <ul className={classes.grid} aria-label="Pictures">
      {items.map((item, index) => (
        <li key={item.postId}>
          <button
            type="button"
            className={classes.tile}
            onClick={() => onOpen(index)}
            aria-label={`Open the picture ${item.postedBy.fullName} posted on ${pictureDate(item.createdAt)}`}
          >
            <img
              className={classes.thumb}
              src={item.thumbnails[0]?.url ?? item.url}
              srcSet={srcSetOf(item)}
              sizes={TILE_SIZES}
              width={256}
              height={256}
              loading={index < EAGER_TILES ? 'eager' : 'lazy'}
              decoding="async"
              alt=""
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
