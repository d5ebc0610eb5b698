// What other modules may use of this one: the gallery shows pictures of exactly the posts the
// feed shows, so it asks the same condition and reads the same cursor.
export { visibleTo, type FeedPosition, type Viewer } from './repository';
export { parseCursor } from './service';
