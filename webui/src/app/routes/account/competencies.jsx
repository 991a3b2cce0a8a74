import { useOutletContext } from 'react-router-dom';
import { CompetenciesForm } from '../../../features/translators/components/competencies-form.jsx';

// The translator's competencies (svc-translators API.md, profile/competencies): the language
// pairs, services and specialisations the job pool matches them by.
export function Component() {
  const { title } = useOutletContext();
  return (
    <>
      <h1>{title}</h1>
      <CompetenciesForm />
    </>
  );
}
