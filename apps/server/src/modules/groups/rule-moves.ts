import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupMembers, groups } from '../../db/schema';
import type { Realtime } from '../../realtime/chat-gateway';
import { groupRoom } from '../../realtime/rooms';

/**
 * The users triggers (migration 0008) move a member between automatic groups inside the
 * statement that changes their profile; the member's open connections must follow after commit,
 * or a member who moved city would keep hearing the old chapter's chat until they reconnect.
 * A path that changes rule fields reads `automaticGroupsOf` before and after its update and hands
 * both to `followRuleMoves` once committed.
 */
export async function automaticGroupsOf(db: Executor, userId: string) {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'approved'),
        sql`${groups.kind} = 'automatic' AND ${groups.archivedAt} IS NULL`,
      ),
    );
  return rows.map((r) => r.id);
}

export interface RuleMoves {
  joined: string[];
  left: string[];
}

export const ruleMoves = (before: readonly string[], after: readonly string[]): RuleMoves => ({
  joined: after.filter((id) => !before.includes(id)),
  left: before.filter((id) => !after.includes(id)),
});

export function followRuleMoves(
  live: Pick<Realtime, 'joinRoom' | 'leaveRoom' | 'sendToUsers'>,
  userId: string,
  moves: RuleMoves,
) {
  for (const groupId of moves.joined) live.joinRoom([userId], groupRoom(groupId));
  for (const groupId of moves.left) {
    live.leaveRoom([userId], groupRoom(groupId));
    live.sendToUsers([userId], 'groupAccessEnded', { groupId });
  }
}
