/**
 * What the members of `npm run bench:soak` do, written down once: the bench prints this table at
 * its start and its load generators (bench/soak-clients.ts) build every request from it. The
 * weights are a busy day's, reads far ahead of writes, after what the portal offers as it stands
 * (packages/contract/src/routes.ts, PRODUCT.md). 1:1 chat goes over each member's open Socket.IO
 * connection at a rate of its own; the RSVP rush and the quiz game are scenes at set moments.
 */
import { API, FEED_FILTERS, type FeedFilter } from '@alumnet/contract';

/** What a load generator knows of the seeded portal (bench/soak-seed.ts). */
export interface SoakContext {
  /** College-wide posts and jobs: every member may see, like and comment on them. */
  postIds: string[];
  jobIds: string[];
  /** Groups every signed-in member belongs to. */
  groupIds: string[];
  eventIds: string[];
  /** The event of the RSVP rush. */
  rushEventId: string;
}

export interface SoakMember {
  /** quiz-player-<n>@bench.example: its session token is derived from the run's secret. */
  n: number;
  id: string;
}

export interface SoakRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: object;
}

type Pick = <T>(items: readonly T[]) => T;
interface Kind {
  name: string;
  /** Share of the HTTP mix, in percent (the table adds up to 100). */
  weight: number;
  what: string;
  build?: (member: SoakMember, ctx: SoakContext, pick: Pick, random: () => number) => SoakRequest;
}

const FEED_WEIGHTS: [FeedFilter, number][] = [
  ['all', 0.55],
  ['college', 0.15],
  ['batch', 0.15],
  ['branch', 0.15],
];
const SEARCHES = ['', 'Priya', 'Kumar', 'an', 'Sharma', 'Rao', 'Infosys'];
const COMPANIES = ['', '', '', 'Google', 'Infosys', 'Amazon'];

// THE MIX
export const KINDS: Kind[] = [
  {
    name: 'feed',
    weight: 25,
    what: 'POST /api/posts/fetch, levels all 55% / college / batch / branch 15% each',
    build: (_m, _c, _p, random) => {
      let r = random();
      const level = FEED_WEIGHTS.find(([, w]) => (r -= w) < 0)?.[0] ?? FEED_FILTERS[0]!;
      return { method: 'POST', path: API.posts.fetch, body: { accessLevel: level } };
    },
  },
  {
    name: 'me',
    weight: 15,
    what: 'GET /api/auth/me (every page load)',
    build: () => ({ method: 'GET', path: API.auth.me }),
  },
  {
    name: 'directory',
    weight: 10,
    what: 'POST /api/alumzone/search: by name, company or none, pages 1-3',
    build: (_m, _c, pick, random) => ({
      method: 'POST',
      path: API.alumzone.search,
      body: {
        searchText: pick(SEARCHES),
        companyName: pick(COMPANIES),
        pageId: 1 + Math.floor(random() * random() * 3),
      },
    }),
  },
  {
    name: 'jobs',
    weight: 8,
    what: 'POST /api/jobs/fetch, page 1 (80%) or 2',
    build: (_m, _c, _p, random) => ({
      method: 'POST',
      path: API.jobs.fetch,
      body: { page: random() < 0.8 ? 1 : 2 },
    }),
  },
  {
    name: 'notifications',
    weight: 8,
    what: 'GET /api/notifications/unread-count (60%), GET /api/notifications',
    build: (_m, _c, _p, random) => ({
      method: 'GET',
      path: random() < 0.6 ? API.notifications.unreadCount : API.notifications.list,
    }),
  },
  {
    name: 'profile',
    weight: 6,
    what: "POST /api/users/user (the member's own profile)",
    build: (m) => ({ method: 'POST', path: API.users.user, body: { userId: m.id } }),
  },
  {
    name: 'likes',
    weight: 6,
    what: 'POST /api/posts/updateLikes (80%), /api/jobs/updateLikes: a like or an unlike',
    build: (_m, ctx, pick, random) =>
      random() < 0.8
        ? { method: 'POST', path: API.posts.updateLikes, body: { postId: pick(ctx.postIds) } }
        : { method: 'POST', path: API.jobs.updateLikes, body: { jobId: pick(ctx.jobIds) } },
  },
  {
    name: 'comments',
    weight: 3,
    what: 'POST /api/posts/savecomment 50%, /api/jobs/savecomment 20%, "view all" pages 30%',
    build: (_m, ctx, pick, random) => {
      const r = random();
      const comment = `Congratulations! ${Math.floor(random() * 1e6)}`;
      if (r < 0.5)
        return {
          method: 'POST',
          path: API.posts.saveComment,
          body: { postId: pick(ctx.postIds), comment },
        };
      if (r < 0.7)
        return {
          method: 'POST',
          path: API.jobs.saveComment,
          body: { jobId: pick(ctx.jobIds), comment },
        };
      return { method: 'GET', path: API.posts.comments(pick(ctx.postIds)) };
    },
  },
  {
    name: 'dashboard',
    weight: 5,
    what: 'the dashboard counts: alumnicount, batchmatesCount, branchmatesCount (a third each)',
    build: (_m, _c, pick) => ({
      method: 'POST',
      path: pick([
        API.alumzone.alumniCount,
        API.alumzone.batchmatesCount,
        API.alumzone.branchmatesCount,
      ]),
      body: {},
    }),
  },
  {
    name: 'groups',
    weight: 5,
    what: "GET /api/groups/mine, a group's posts, its chat; POST a chat message (15%)",
    build: (_m, ctx, pick, random) => {
      const r = random();
      const group = pick(ctx.groupIds);
      if (r < 0.25) return { method: 'GET', path: API.community.myGroups };
      if (r < 0.55) return { method: 'GET', path: API.groups.posts(group) };
      if (r < 0.85) return { method: 'GET', path: API.groups.messages(group) };
      return {
        method: 'POST',
        path: API.groups.messages(group),
        body: { message: 'See you all at the reunion!', clientId: `soak-${random()}` },
      };
    },
  },
  {
    name: 'mentoring',
    weight: 3,
    what: 'GET /api/mentoring/suggestions (mentors ranked for the member)',
    build: () => ({ method: 'GET', path: API.mentoring.suggestions }),
  },
  {
    name: 'events',
    weight: 3,
    what: 'GET /api/events (60%), one event',
    build: (_m, ctx, pick, random) =>
      random() < 0.6
        ? { method: 'GET', path: API.events.list }
        : { method: 'GET', path: API.events.one(pick(ctx.eventIds)) },
  },
  {
    name: 'chat-list',
    weight: 3,
    what: "POST /api/messages/users (the chat page's member list)",
    build: () => ({ method: 'POST', path: API.messages.users, body: { pageId: 1 } }),
  },
  // Not drawn from the weights: their own rates and scenes.
  { name: 'chat', weight: 0, what: '1:1 message over the socket (sendMessage, its ack)' },
  { name: 'rsvp', weight: 0, what: 'the RSVP rush: POST /api/events/{id}/rsvp going' },
];
export const KIND_INDEX = Object.fromEntries(KINDS.map((k, i) => [k.name, i])) as Record<
  string,
  number
>;
const DRAWN = KINDS.map((k, i) => ({ i, weight: k.weight })).filter((k) => k.weight > 0);
const TOTAL = DRAWN.reduce((sum, k) => sum + k.weight, 0);

/** The kind of the next request, by weight. */
export function drawKind(random: () => number) {
  let r = random() * TOTAL;
  for (const k of DRAWN) if ((r -= k.weight) < 0) return k.i;
  return DRAWN.at(-1)!.i;
}

/** The table, as the bench prints it at its start. */
export function mixTable(rate: number, chatRate: number) {
  return [
    'kind           share  req/s  what',
    ...KINDS.map((k) => {
      const share = k.weight ? `${k.weight}%` : '';
      const perSecond =
        k.name === 'chat' ? chatRate : k.weight ? Math.round((rate * k.weight) / TOTAL) : 0;
      return `${k.name.padEnd(14)} ${share.padStart(5)}  ${(perSecond ? String(perSecond) : k.name === 'rsvp' ? 'scene' : '').padStart(5)}  ${k.what}`;
    }),
  ].join('\n');
}
