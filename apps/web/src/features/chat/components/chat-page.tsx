import { MemberLayout } from '../../../components/member-layout';

// Scaffolding: replaced by the screen of member-portal.md §2 in this change.
export function ChatPage() {
  return <MemberLayout>Chat</MemberLayout>;
}
