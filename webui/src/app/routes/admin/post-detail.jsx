import { useParams } from 'react-router-dom';
import { PostEditor } from '../../../features/staff/components/blog-editor.jsx';

/** Component is one blog post in the back office, or a new one at id "new" (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <PostEditor key={id} id={id} />;
}
