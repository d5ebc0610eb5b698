import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Executor } from '../client';
import { conversations, messages, users } from '../schema';

/** Who talks in a demo conversation: the demo accounts by e-mail, other alumni by position. */
type Speaker = 'member' | 'member2' | 'alumnus1' | 'alumnus2' | 'alumnus3' | 'alumnus4';

interface DemoConversation {
  between: [Speaker, Speaker];
  /** When the conversation started, in days before the seed ran (fractions are hours). */
  daysAgo: number;
  /** [who speaks (0 or 1 of `between`), minutes after the previous message, text]. */
  lines: [0 | 1, number, string][];
}

const CONVERSATIONS: DemoConversation[] = [
  {
    between: ['member2', 'member'],
    daysAgo: 1.2,
    lines: [
      [
        0,
        0,
        'Hi Meera! Saw your post about the Bengaluru alumni meetup. Is it still on for Saturday?',
      ],
      [1, 12, 'Hey Rahul! Yes, Saturday at 6 pm, same place in Indiranagar as last time.'],
      [
        0,
        5,
        'Great, count me in. Can I bring a colleague who is thinking about the M.Tech programme?',
      ],
      [1, 3, "Of course, the more the merrier. I'll add you both to the list."],
      [0, 240, 'Thanks! Also, is Infosys hiring for data engineering roles at the moment?'],
      [1, 95, "There are two openings in my team. I'll put them on the jobs board tonight."],
      [0, 2, "Perfect, I'll keep an eye out. See you on Saturday!"],
    ],
  },
  {
    between: ['alumnus1', 'member'],
    daysAgo: 4.5,
    lines: [
      [
        0,
        0,
        "Hello Meera, I'm from a later batch. Would you have some time to talk about moving into product roles?",
      ],
      [1, 40, 'Hi! Happy to help. How about a call on Thursday evening?'],
      [0, 6, 'Thursday works for me. 7 pm?'],
      [1, 4, '7 pm it is. Send me your CV beforehand so I can give you specific feedback.'],
      [0, 1500, 'Sent it to your e-mail just now. Thank you so much for doing this!'],
      [1, 30, 'Got it, looks like a strong start already. Talk on Thursday.'],
    ],
  },
  {
    between: ['member', 'alumnus2'],
    daysAgo: 7.3,
    lines: [
      [
        0,
        0,
        "Hi! We're collecting photos for the reunion slideshow. Do you have any from the final-year project days?",
      ],
      [1, 75, 'Oh, I have a whole folder of them! Let me dig them out this weekend.'],
      [0, 10, 'Amazing. You could share a few in a post so everyone gets to see them.'],
      [1, 8, 'Sure, will do. Is the reunion date fixed yet?'],
      [0, 20, 'Tentatively the second Saturday of next month. The college will confirm soon.'],
    ],
  },
  {
    between: ['alumnus3', 'member'],
    daysAgo: 2.6,
    lines: [
      [0, 0, 'Hi Meera, congratulations on the promotion! Well deserved.'],
      [1, 180, 'Thank you! That is kind of you. How are things at your end?'],
      [0, 25, "Good, busy with a product launch. Let's catch up when I'm in Bengaluru next month."],
      [1, 15, 'Definitely, let me know when you are in town and we will find a place for lunch.'],
    ],
  },
  {
    between: ['alumnus4', 'member2'],
    daysAgo: 3.4,
    lines: [
      [0, 0, 'Rahul, are you coming to the alumni cricket match this month?'],
      [1, 20, "Wouldn't miss it! Our batch has a trophy to defend."],
      [0, 4, "Ha, we'll see about that. Practice on Sunday morning?"],
      [1, 9, 'Sunday 7 am at the college ground. See you there.'],
    ],
  },
];

/**
 * Conversations of the demo member (and member2) with other alumni of the demo college, so the
 * chat screen has history, green ticks and an order to show on a fresh start. Deterministic: the
 * same people and texts every time; the times are recent relative to when the seed runs.
 */
export async function seedDemoChat(tx: Executor) {
  const accounts = await tx
    .select({ id: users.id, email: users.email, collegeId: users.collegeId })
    .from(users)
    .where(inArray(users.email, ['member@demo.alumnet.dev', 'member2@demo.alumnet.dev']));
  const member = accounts.find((a) => a.email === 'member@demo.alumnet.dev');
  const member2 = accounts.find((a) => a.email === 'member2@demo.alumnet.dev');
  if (!member?.collegeId || !member2) throw new Error('demo members missing');
  const collegeId = member.collegeId;
  // Seeded alumni have phones 91000000NN in the order they were generated.
  const alumni = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.collegeId, collegeId),
        eq(users.isApproved, true),
        eq(users.userType, 'u'),
        like(users.phone, '91%'),
      ),
    )
    .orderBy(asc(users.phone))
    .limit(4);
  if (alumni.length < 4) throw new Error('not enough demo alumni for the chat seed');
  const ids: Record<Speaker, string> = {
    member: member.id,
    member2: member2.id,
    alumnus1: alumni[0]!.id,
    alumnus2: alumni[1]!.id,
    alumnus3: alumni[2]!.id,
    alumnus4: alumni[3]!.id,
  };

  const now = Date.now();
  for (const conversation of CONVERSATIONS) {
    const pair = conversation.between.map((speaker) => ids[speaker]) as [string, string];
    let at = now - conversation.daysAgo * 24 * 3_600_000;
    const timed = conversation.lines.map(([speaker, minutes, text]) => {
      at += minutes * 60_000;
      return { senderId: pair[speaker], message: text, createdAt: new Date(at) };
    });
    // Lower-case uuid strings sort as PostgreSQL orders uuids.
    const [userA, userB] = [...pair].sort();
    const [row] = await tx
      .insert(conversations)
      .values({ collegeId, userA: userA!, userB: userB!, lastMessageAt: timed.at(-1)!.createdAt })
      .returning({ id: conversations.id });
    await tx.insert(messages).values(timed.map((m) => ({ ...m, conversationId: row!.id })));
  }
}
