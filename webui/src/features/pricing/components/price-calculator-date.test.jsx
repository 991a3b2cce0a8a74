import { expect, test } from 'vitest';
import { languagesKey } from '../../../lib/api/get-languages.js';
import { render, text } from '../../../lib/test-render.jsx';
import { PriceCalculator } from './price-calculator.jsx';

const services = [{ id: 'professional-translation', title: { tr: 'Profesyonel Tercüme', en: 'Professional Translation' }, slug: { tr: 'profesyonel-tercume', en: 'professional-translation' } }];
const answers = [[languagesKey, { languages: [{ code: 'tr', nameTr: 'Türkçe', nameEn: 'Turkish' }, { code: 'en', nameTr: 'İngilizce', nameEn: 'English' }] }]];

// The home page is prerendered at build time: a day counted then would be stale for whoever reads
// it later. The first render has the spec's urgencies and no day; the day comes with the estimate,
// which is asked for after hydration.
test('the prerendered calculator keeps the spec’s urgencies and shows no delivery day', () => {
  for (const [lang, path, normal, urgent] of [
    ['en', '/en', 'Normal (3-5 days)', 'Urgent (1-2 days)'],
    ['tr', '/tr', 'Normal (3-5 gün)', 'Acil (1-2 gün)'],
  ]) {
    const html = render(<PriceCalculator services={services} currency="TRY" />, { path, answers });
    expect(text(html), lang).toContain(normal);
    expect(text(html), lang).toContain(urgent);
    expect(html).not.toContain('expected-date');
    expect(html).not.toContain('<time');
  }
});
