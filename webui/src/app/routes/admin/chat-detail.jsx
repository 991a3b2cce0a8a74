import { useParams } from 'react-router-dom';
import { ChatConversation } from '../../../features/staff/components/chat.jsx';

/** Component is one live support conversation, answered live. */
export function Component() {
  const { id } = useParams();
  return <ChatConversation id={id} />;
}
