/**
 * The member screens of mentoring, one module for the route table: they share the frame, the
 * cards and the api, and as one chunk the build lists one file, not five, in the entry's map of
 * what each screen loads (e2e/bundle-size.test.ts).
 */
export { FindMentorPage } from './find-mentor-page';
export { MentorProfilePage } from './mentor-profile-page';
export { MentoringRequestsPage } from './requests-page';
export { MentorshipPage } from './mentorship-page';
export { MentorshipsPage } from './mentorships-page';
