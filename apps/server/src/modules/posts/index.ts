// What other modules may use of this one: the gallery shows pictures of exactly the posts the
// feed shows, so it asks the same condition and reads the same cursor.
// Groups (issue 27) show their own posts with the feed's parts: one post model, the group as
// its audience.
export { visibleTo, type FeedPosition, type GroupFeed, type Viewer } from './repository';
export { createGroupPostService, parseCursor, type GroupPostService } from './service';
export { presentFeed, presentPost } from './presenter';
