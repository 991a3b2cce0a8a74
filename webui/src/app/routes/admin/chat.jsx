import { ChatConversations } from '../../../features/staff/components/chat.jsx';

/** Component is the back office's live support conversations (svc-catalog/chat). */
export function Component() {
  return <ChatConversations />;
}
