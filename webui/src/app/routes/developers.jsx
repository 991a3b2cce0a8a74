import { usePageMeta } from '../../lib/page-meta.jsx';
import { DevelopersPage } from '../../features/developers/components/developers-page.jsx';
import { useDevelopersTexts } from '../../features/developers/texts.js';

// The developers' page (/tr/gelistiriciler, /en/developers): the public API's introduction,
// prerendered, and its operations read from the OpenAPI document in the browser.
export function Component() {
  const t = useDevelopersTexts();
  usePageMeta({ title: t('title'), description: t('description') });
  return <DevelopersPage />;
}
