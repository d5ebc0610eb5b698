import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { feedback, helpRequests, users } from '../schema';
import { seedDemoEvents } from './demo-events';
import { seedDemoGroups } from './demo-groups';

const day = 86_400_000;

/**
 * The groups (demo-groups.ts: one of each kind, with requests waiting and a group member@ may
 * still ask to join), help requests open and closed, and feedback of every type, for the super
 * admin's community screens.
 */
export async function seedDemoCommunity(
  tx: Executor,
  ids: { demoCollegeId: string; secondCollegeId: string },
) {
  const now = Date.now();
  const alumni = (collegeId: string, limit: number) =>
    tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(eq(users.collegeId, collegeId), eq(users.userType, 'u'), eq(users.isApproved, true)),
      )
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(limit);

  await seedDemoGroups(tx, ids);
  await seedDemoEvents(tx, ids.demoCollegeId);
  const first = await alumni(ids.demoCollegeId, 12);
  const named = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['member@demo.alumnet.dev', 'member2@demo.alumnet.dev']));
  const member = named.find((u) => u.email === 'member@demo.alumnet.dev');
  const others = first.filter((u) => !named.some((n) => n.id === u.id));
  const second = await alumni(ids.secondCollegeId, 3);

  await tx.insert(helpRequests).values([
    {
      fullName: 'Arjun Mehta',
      email: 'arjun.mehta@example.com',
      phone: '9876501234',
      query: 'My account shows the wrong graduation year.',
      status: 'closed',
      createdAt: new Date(now - 6 * day),
    },
    {
      fullName: 'Ananya Iyer',
      email: 'ananya.iyer@example.com',
      query: 'I did not receive the invitation e-mail.',
      createdAt: new Date(now - 3 * day),
    },
    {
      fullName: 'Rahul Verma',
      email: 'rahul.verma@example.com',
      phone: '9123456780',
      query: 'Please merge my two accounts.',
      status: 'closed',
      createdAt: new Date(now - 10 * day),
    },
  ]);

  const writers = [...(member ? [member] : []), ...others.slice(0, 4), ...second.slice(0, 1)];
  const notes: Pick<typeof feedback.$inferInsert, 'radioOption' | 'input'>[] = [
    { radioOption: 'bug', input: 'The job page does not scroll on my phone.' },
    { radioOption: 'feature', input: 'Please add event listings for reunions.' },
    { radioOption: 'suggestion', input: 'Show the batch next to names in chat.' },
    { radioOption: 'other', input: 'Thanks for building this portal!' },
    { radioOption: 'bug', input: 'My profile picture upload failed once.' },
    { radioOption: 'feature', input: 'A mentorship matching feature would be great.' },
  ];
  const values = notes.flatMap((note, i) => {
    const writer = writers[i % Math.max(writers.length, 1)];
    return writer
      ? [{ ...note, userId: writer.id, createdAt: new Date(now - (i * 2 + 1) * day) }]
      : [];
  });
  if (values.length > 0) await tx.insert(feedback).values(values);

  // The job seed likes everything "now": spread each like over the days after its job, so the
  // Jobs and Activity Count chart shows them across the month (deterministic per row).
  await tx.execute(sql`
    update job_likes l
    set created_at = least(
      j.created_at + ((abs(hashtext(l.user_id::text || l.job_id::text)) % 72) + 1) * interval '1 hour',
      now() - interval '1 minute'
    )
    from jobs j
    where j.id = l.job_id
  `);
}
