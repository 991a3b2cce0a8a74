import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { competenciesBody, competenciesErrors, competenciesReducer, initialCompetencies, validateCompetencies } from './competencies.js';
import { CompetenciesView } from './components/competencies-form.jsx';

const profile = {
  translatorId: 't1',
  competencies: { pairs: [{ source: 'tr', target: 'en' }], services: ['professional-translation'], specializations: ['legal'], sworn: { court: 'İstanbul 5. Noterliği', certificateDate: '2019-05-01', verified: true }, certificates: '' },
};
const languages = [
  { code: 'tr', nameTr: 'Türkçe', nameEn: 'Turkish' },
  { code: 'en', nameTr: 'İngilizce', nameEn: 'English' },
  { code: 'de', nameTr: 'Almanca', nameEn: 'German' },
];
const view = (state, lang = 'tr') => render(<CompetenciesView state={state} dispatch={() => {}} onSubmit={() => {}} languages={languages} />, { path: lang === 'en' ? '/en/account/competencies' : '/tr/hesabim/yetkinliklerim' });
const pairsOf = (html) => [...html.matchAll(/data-pair="([^"]*)"/g)].map((m) => m[1].replace('&gt;', '>'));

test('language pairs are directed rows: added, edited and removed one by one, and saved without empty rows', () => {
  let state = initialCompetencies(profile);
  state = competenciesReducer(state, { type: 'addPair' });
  const [first, second] = state.pairs;
  state = competenciesReducer(state, { type: 'setPair', key: second.key, field: 'source', value: 'en' });
  state = competenciesReducer(state, { type: 'setPair', key: second.key, field: 'target', value: 'tr' });
  state = competenciesReducer(state, { type: 'addPair' }); // left empty
  expect(pairsOf(view(state))).toEqual(['tr>en', 'en>tr', '>']);
  expect(validateCompetencies(state)).toEqual({});
  expect(competenciesBody(state).pairs).toEqual([
    { source: 'tr', target: 'en' },
    { source: 'en', target: 'tr' },
  ]);
  state = competenciesReducer(state, { type: 'removePair', key: first.key });
  expect(competenciesBody(state).pairs).toEqual([{ source: 'en', target: 'tr' }]);
});

test('a pair to its own language, a repeated pair, a half-filled row and no pair at all are refused on their row', () => {
  let state = initialCompetencies({ competencies: { pairs: [{ source: 'tr', target: 'en' }, { source: 'tr', target: 'en' }, { source: 'de', target: 'de' }, { source: 'en', target: '' }], services: ['proofreading'] } });
  expect(validateCompetencies(state)).toEqual({
    'pairs.1.target': { code: 'duplicatePair' },
    'pairs.2.target': { code: 'samePair' },
    'pairs.3.target': { code: 'required' },
  });
  state = competenciesReducer(state, { type: 'submit' });
  const html = view(state, 'en');
  expect(text(html)).toContain('This language pair is already listed.');
  expect(text(html)).toContain('The source and target language cannot be the same.');
  expect(validateCompetencies(initialCompetencies({}))).toMatchObject({ pairs: { code: 'pairsRequired' }, services: { code: 'required' } });
});

test("the server's messages show on their row until that row is edited", () => {
  let state = initialCompetencies(profile);
  state = competenciesReducer(state, { type: 'addPair', source: 'en', target: 'de' });
  state = competenciesReducer(competenciesReducer(state, { type: 'submit' }), { type: 'server', fields: { 'pairs.1.target': 'Bu dil kataloğumuzda yok.', services: 'Bilinmeyen hizmet.' } });
  const html = view(state);
  expect(text(html)).toContain('Bu dil kataloğumuzda yok.');
  expect(text(html)).toContain('Bilinmeyen hizmet.');
  state = competenciesReducer(state, { type: 'setPair', key: state.pairs[1].key, field: 'target', value: 'tr' });
  expect(competenciesErrors(state)).toEqual({ services: { message: 'Bilinmeyen hizmet.' } });
  // The server names the whole list for a bad pair: shown under the pairs, gone once a row is edited.
  state = competenciesReducer(state, { type: 'server', fields: { pairs: 'Aynı dil çifti iki kez yazılmış.' } });
  expect(text(view(state))).toContain('Aynı dil çifti iki kez yazılmış.');
  state = competenciesReducer(state, { type: 'setPair', key: state.pairs[0].key, field: 'target', value: 'de' });
  expect(competenciesErrors(state)).toEqual({});
});

test('services are named, the sworn status shows verified, and editing it shows it awaits verification again', () => {
  let state = initialCompetencies(profile);
  let html = view(state);
  expect(text(html)).toContain('Profesyonel Tercüme');
  expect(text(html)).toContain('Masaüstü Yayıncılık');
  expect(html.match(/name="services"/g)).toHaveLength(8);
  expect(text(html)).toContain('Yeminli tercümanlık Doğrulandı');
  state = competenciesReducer(state, { type: 'sworn', field: 'court', value: 'Ankara 3. Noterliği' });
  html = view(state, 'en');
  expect(text(html)).toContain('Sworn translation Awaiting verification');
  expect(competenciesBody(state).sworn).toEqual({ court: 'Ankara 3. Noterliği', certificateDate: '2019-05-01' });
  state = competenciesReducer(state, { type: 'sworn', field: 'enabled', value: false });
  expect(competenciesBody(state).sworn).toBeNull();
});

test('the translator’s own competencies name the languages and fields, not their codes', () => {
  const state = initialCompetencies(profile);
  const tr = view(state);
  expect(tr).toMatch(/<option value="en"[^>]*>İngilizce<\/option>/);
  expect(text(tr)).toContain('Hukuk');
  const en = view(state, 'en');
  expect(en).toMatch(/<option value="tr"[^>]*selected=""[^>]*>Turkish<\/option>/);
  expect(en).toMatch(/checked="" value="legal"\/> <!-- -->Legal<\/label>/);
});
