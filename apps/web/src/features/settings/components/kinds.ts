import {
  MESSAGE_EMAIL_DELAY_MINUTES,
  MESSAGE_EMAIL_INTERVAL_MINUTES,
  type EmailChoice,
  type NotificationKind,
} from '@alumnet/contract';

/** Each kind of notification as the settings page names and explains it, in its order. */
export const KIND_TEXTS: Record<NotificationKind, { label: string; description: string }> = {
  post_like: { label: 'Likes on your posts', description: 'Someone likes a post of yours.' },
  post_comment: {
    label: 'Comments on your posts',
    description: 'Someone comments on a post of yours.',
  },
  post_reply: {
    label: 'Comments after yours',
    description: 'Someone else comments on a post you have commented on.',
  },
  job_like: { label: 'Likes on your jobs', description: 'Someone likes a job you posted.' },
  job_comment: {
    label: 'Comments on your jobs',
    description: 'Someone comments on a job you posted.',
  },
  chat_message: {
    label: 'Messages',
    description: `Someone writes to you while you are away. An e-mail goes out only if the message is still unread after ${MESSAGE_EMAIL_DELAY_MINUTES} minutes, at most one per conversation every ${MESSAGE_EMAIL_INTERVAL_MINUTES} minutes.`,
  },
  group_request_decided: {
    label: 'Group requests',
    description: 'Your request to join a group is approved or declined.',
  },
  group_join_request: {
    label: 'Requests to join your groups',
    description: 'For organisers: members ask to join a group you run.',
  },
  group_post: {
    label: 'Posts in your groups',
    description: 'Someone posts in a group you are in.',
  },
  event_changed: {
    label: 'Changes to your events',
    description: 'An event you are going to moves to another time or place.',
  },
  event_cancelled: {
    label: 'Cancelled events',
    description: 'An event you are going to, or waiting for a place at, is cancelled.',
  },
  event_promoted: {
    label: 'A place at an event',
    description: 'A place comes free at an event you are on the waitlist for: you are going.',
  },
  event_reminder: {
    label: 'Event reminders',
    description: 'A day and an hour before an event you are going to starts.',
  },
  signups_waiting: {
    label: 'Sign-ups waiting for approval',
    description: "For admins: a summary of your college's new sign-ups, at most once a day.",
  },
  mentoring_request: {
    label: 'Mentoring requests',
    description: 'A member asks you to be their mentor.',
  },
  mentoring_answered: {
    label: 'Answers to your mentoring requests',
    description: 'A mentor you asked accepts or declines.',
  },
  mentoring_expired: {
    label: 'Expired mentoring requests',
    description: 'A request of yours went unanswered for 14 days.',
  },
  mentorship_ended: {
    label: 'Mentorships ended',
    description: 'Your mentor or mentee ends your mentorship.',
  },
};

export const EMAIL_LABELS: Record<EmailChoice, string> = {
  off: 'Off',
  instant: 'At once',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
};
