// Staff read languages and fields by name in the page's language, never the codes the services
// store ("en / tr / legal" was what the application page showed).
import { expect, test } from 'vitest';
import { languagesKey } from '../../lib/api/get-languages.js';
import { specializationName, specializationNames, SPECIALIZATIONS } from '../../lib/specializations.js';
import { render, text } from '../../lib/test-render.jsx';
import { ApplicationView } from './components/applications.jsx';
import { TranslatorRow } from './components/translators.jsx';

const languages = [
  { code: 'tr', nameTr: 'Türkçe', nameEn: 'Turkish' },
  { code: 'en', nameTr: 'İngilizce', nameEn: 'English' },
  { code: 'de', nameTr: 'Almanca', nameEn: 'German' },
];
const answers = [[languagesKey, { languages }]];
const application = { id: 'ap-1', status: 'submitted', firstName: 'İlkay', lastName: 'Şahin', email: 'ilkay@example.com', nativeLanguage: 'tr', workingLanguages: ['en', 'de'], specializations: ['legal', 'medical'], cv: { name: 'cv.pdf' }, submittedAt: '2026-11-20T10:00:00Z' };
const profile = { translatorId: 't-1', fullName: 'Ayşe Çelik', email: 'ayse@example.com', activeJobCap: 3, competencies: { pairs: [{ source: 'en', target: 'tr' }, { source: 'de', target: 'tr' }], specializations: ['legal'] } };
// The row's text, each pair being its own unbreakable span ("İngilizce → Türkçe</span>, <span>…").
const row = (path) => text(render(<table><tbody><TranslatorRow profile={profile} /></tbody></table>, { path, answers })).replaceAll(' ,', ',');

test('an application names its languages and fields in Turkish and in English', () => {
  const tr = text(render(<ApplicationView application={application} />, { path: '/tr/yonetim/basvurular/ap-1', answers }));
  expect(tr).toContain('Ana dil Türkçe');
  expect(tr).toContain('Çalışma dilleri İngilizce, Almanca');
  expect(tr).toContain('Uzmanlık alanları Hukuk, Tıp');
  const en = text(render(<ApplicationView application={application} />, { path: '/en/admin/applications/ap-1', answers }));
  expect(en).toContain('Native language Turkish');
  expect(en).toContain('Working languages English, German');
  expect(en).toContain('Specialisations Legal, Medical');
  for (const code of ['>en<', '>tr<', '>de<', 'legal', 'medical']) expect(en.includes(code) || tr.includes(code)).toBe(false);
});

test('a translator row reads "İngilizce → Türkçe · Hukuk" in Turkish and "English → Turkish · Legal" in English', () => {
  expect(row('/tr/yonetim/cevirmenler')).toContain('İngilizce → Türkçe, Almanca → Türkçe · Hukuk');
  const en = row('/en/admin/translators');
  expect(en).toContain('English → Turkish, German → Turkish · Legal');
  expect(en).not.toMatch(/\ben→tr\b|\blegal\b/);
});

test('every field key has a name in both languages; an unknown key shows as sent', () => {
  for (const lang of ['tr', 'en']) expect(Object.keys(specializationNames[lang]).sort()).toEqual([...SPECIALIZATIONS].sort());
  expect(specializationName('tr', 'it')).toBe('Bilişim');
  expect(specializationName('en', 'it')).toBe('IT');
  expect(specializationName('en', 'maritime')).toBe('maritime');
});
