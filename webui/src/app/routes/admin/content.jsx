import { Content } from '../../../features/staff/components/content.jsx';
import { useContentTexts } from '../../../features/staff/texts-content.js';

/** Component is the back office's content: blog, FAQ, testimonials and figures, by ?tab= (DESIGN §11). */
export function Component() {
  const t = useContentTexts();
  return (
    <>
      <p className="lead">{t('lead')}</p>
      <Content />
    </>
  );
}
