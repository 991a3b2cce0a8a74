import { expect, test } from 'vitest';
import { ApiError } from '../../lib/api-client.js';
import { render, text } from '../../lib/test-render.jsx';
import { APPLICATIONS_URL, submitApplication } from './api/translators.js';
import { applicationBody, applicationErrors, applicationFailure, applicationReducer, emptyApplication, initialApplication, validateApplication } from './application.js';
import { ApplicationFormView } from './components/application-form.jsx';

const pdf = (size = 2048, name = 'ozgecmis.pdf') => Object.defineProperty(new File(['%PDF-1.7'], name, { type: 'application/pdf' }), 'size', { value: size });
const good = () => ({
  ...emptyApplication(),
  firstName: 'Ayşe',
  lastName: 'Çelik',
  email: 'ayse.celik@example.com',
  phone: '+90 532 123-45-67',
  nativeLanguage: 'tr',
  workingLanguages: ['tr', 'en', 'de'],
  specializations: ['legal', 'medical'],
  experienceYears: '7',
  education: 'Boğaziçi Üniversitesi, Çeviribilim, 2016',
  certificates: 'Yeminli tercüman (İstanbul 5. Noterliği)',
  cv: pdf(),
  portfolioUrl: 'https://ayse.example.com/portfolyo',
  acceptTerms: true,
});
const languages = [
  { code: 'tr', nameTr: 'Türkçe', nameEn: 'Turkish' },
  { code: 'en', nameTr: 'İngilizce', nameEn: 'English' },
  { code: 'de', nameTr: 'Almanca', nameEn: 'German' },
];
const view = (state, lang = 'tr') => render(<ApplicationFormView state={state} dispatch={() => {}} onSubmit={() => {}} languages={languages} />, { path: lang === 'en' ? '/en/freelance-translator' : '/tr/tercuman-kayit' });
const errorOf = (html, name) => html.match(new RegExp(`<p id="[^"]*-${name}-error" class="field__error">([^<]*)</p>`))?.[1];

test('the page refuses what the server would: bounds, phone shape, native language alone, file kind and size, terms', () => {
  expect(validateApplication(good())).toEqual({});
  const bad = {
    ...good(),
    firstName: ' ',
    lastName: 'x'.repeat(61),
    email: 'ayse@',
    phone: '+90 (532) 123',
    workingLanguages: ['tr'],
    experienceYears: '61',
    education: 'a',
    cv: pdf(10 * 1024 * 1024 + 1),
    portfolioUrl: 'ftp://example.com/cv',
    acceptTerms: false,
  };
  expect(validateApplication(bad)).toEqual({
    firstName: { code: 'required' },
    lastName: { code: 'tooLong', max: 60 },
    email: { code: 'email' },
    phone: { code: 'phone' },
    workingLanguages: { code: 'nativeOnly' },
    experienceYears: { code: 'years', min: 0, max: 60 },
    education: { code: 'tooShort', min: 2 },
    cv: { code: 'fileSize', max: 10 },
    portfolioUrl: { code: 'url' },
    acceptTerms: { code: 'terms' },
  });
  // 10 MB exactly is allowed; a Word 97 .doc is not one of the kinds; six digits are too few.
  expect(validateApplication({ ...good(), cv: pdf(10 * 1024 * 1024) }).cv).toBeUndefined();
  expect(validateApplication({ ...good(), cv: pdf(100, 'cv.doc') }).cv).toEqual({ code: 'fileType' });
  expect(validateApplication({ ...good(), phone: '123 456' }).phone).toEqual({ code: 'phone' });
  expect(validateApplication({ ...good(), cv: null, specializations: [] })).toMatchObject({ cv: { code: 'required' }, specializations: { code: 'required' } });
  // A portfolio file is checked like the CV only when the applicant chose a file.
  expect(validateApplication({ ...good(), portfolioKind: 'file', portfolio: pdf(100, 'portfolio.exe') }).portfolio).toEqual({ code: 'fileType' });
});

test('a field shows its rule once left, in the page language; the server’s 400 messages win until the field is edited', () => {
  let state = initialApplication();
  state = applicationReducer(state, { type: 'change', field: 'email', value: 'ayse@' });
  let html = view(state, 'en');
  expect(errorOf(html, 'email')).toBeUndefined(); // not left yet
  state = applicationReducer(state, { type: 'blur', field: 'email' });
  html = view(state, 'en');
  expect(errorOf(html, 'email')).toBe('Enter a valid email address.');
  expect(errorOf(html, 'firstName')).toBeUndefined();

  state = { ...initialApplication(), values: good() };
  state = applicationReducer(applicationReducer(state, { type: 'submit' }), { type: 'sending' });
  const refused = new ApiError(400, { error: { code: 'validation_failed', message: 'Bazı alanlar hatalı.', fields: { email: 'Bu e-posta adresine posta gönderilemiyor.', nativeLanguage: 'Bu dil kataloğumuzda yok.', lang: 'Desteklenmeyen dil.' } } });
  state = applicationReducer(state, { type: 'refused', failure: applicationFailure(refused) });
  html = view(state);
  expect(errorOf(html, 'email')).toBe('Bu e-posta adresine posta gönderilemiyor.');
  expect(errorOf(html, 'nativeLanguage')).toBe('Bu dil kataloğumuzda yok.');
  expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*-email-error"|aria-describedby="[^"]*-email-error"[^>]*aria-invalid="true"/);
  // A field the form does not show is said above it, after the general request.
  expect(text(html)).toContain('Lütfen işaretli alanları düzeltin. Desteklenmeyen dil.');
  state = applicationReducer(state, { type: 'change', field: 'email', value: 'ayse@example.org' });
  expect(applicationErrors(state).email).toBeUndefined();
  expect(applicationErrors(state).nativeLanguage).toEqual({ message: 'Bu dil kataloğumuzda yok.' });
});

test('an open application (409) and too many applications (429) are messages above the form; a 413 sits under the CV', () => {
  const open = applicationFailure(new ApiError(409, { error: { code: 'application_open', message: 'Açık başvuru var.' } }));
  const many = applicationFailure(new ApiError(429, { error: { code: 'rate_limited', message: 'Çok fazla.' } }));
  const large = applicationFailure(new ApiError(413, undefined));
  expect(open).toMatchObject({ messageKey: 'applicationOpen' });
  expect(many).toMatchObject({ messageKey: 'tooMany' });
  expect(applicationFailure(new TypeError('offline'))).toEqual({ messageKey: 'network' });

  const sent = applicationReducer(applicationReducer({ ...initialApplication(), values: good() }, { type: 'submit' }), { type: 'sending' });
  let html = view(applicationReducer(sent, { type: 'refused', failure: open }), 'en');
  expect(html).toContain('role="alert"');
  expect(text(html)).toContain('You already have an application under review with this email address.');
  expect(html).not.toContain('field__error');
  html = view(applicationReducer(sent, { type: 'refused', failure: many }));
  expect(text(html)).toContain('Kısa sürede çok fazla başvuru gönderildi.');
  html = view(applicationReducer(sent, { type: 'refused', failure: large }));
  expect(errorOf(html, 'cv')).toBe('Dosya en fazla 10 MB olabilir.');
});

test('while sending, a progress bar shows how much went up; once sent, the page says a confirmation mail went out', () => {
  let state = applicationReducer(applicationReducer({ ...initialApplication(), values: good() }, { type: 'submit' }), { type: 'sending' });
  state = applicationReducer(state, { type: 'progress', value: 0.42 });
  let html = view(state, 'en');
  expect(html).toMatch(/<progress max="1" value="0.42" aria-label="Uploading the application"/);
  expect(text(html)).toContain('Sending… 42%');
  expect(html).toMatch(/<button type="submit" class="button" disabled=""/);
  state = applicationReducer(state, { type: 'sent', application: { id: 'a1', email: 'ayse.celik@example.com' } });
  html = view(state);
  expect(html).not.toContain('<form');
  expect(text(html)).toContain('Başvurunuz alındı ayse.celik@example.com adresine bir onay e-postası gönderdik.');
});

test('the terms link opens the terms page of the page language; languages are offered by name', () => {
  const html = view(initialApplication(), 'en');
  expect(html).toContain('href="/en/terms-of-use"');
  expect(html).toContain('>German</option>');
  expect(view(initialApplication())).toContain('href="/tr/kullanim-kosullari"');
});

test('the multipart body carries the API’s field names: lists comma-separated, the files, the terms and the mail language', () => {
  const form = applicationBody(good(), 'en');
  expect([...form.keys()]).toEqual(['firstName', 'lastName', 'email', 'phone', 'nativeLanguage', 'workingLanguages', 'specializations', 'experienceYears', 'education', 'certificates', 'cv', 'portfolioUrl', 'acceptTerms', 'lang']);
  expect(form.get('workingLanguages')).toBe('tr,en,de');
  expect(form.get('specializations')).toBe('legal,medical');
  expect(form.get('cv').name).toBe('ozgecmis.pdf');
  expect([form.get('acceptTerms'), form.get('lang'), form.get('experienceYears')]).toEqual(['true', 'en', '7']);
  // A portfolio file instead of a link: the file goes, the typed link does not.
  const withFile = applicationBody({ ...good(), portfolioKind: 'file', portfolio: pdf(100, 'ornekler.odt') }, 'tr');
  expect(withFile.get('portfolio').name).toBe('ornekler.odt');
  expect(withFile.has('portfolioUrl')).toBe(false);
});

test('submitApplication posts that body to svc-translators with the language, reporting progress', async () => {
  const sent = [];
  class FakeXHR {
    constructor() {
      this.headers = {};
      this.upload = {};
    }
    open(method, url) {
      Object.assign(this, { method, url });
    }
    setRequestHeader(k, v) {
      this.headers[k] = v;
    }
    send(body) {
      sent.push(this);
      this.body = body;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 60 });
        [this.status, this.responseText] = [201, JSON.stringify({ id: 'app-1', status: 'submitted', email: 'ayse.celik@example.com' })];
        this.onload();
      });
    }
  }
  const progress = [];
  const application = await submitApplication(good(), 'tr', { XHR: FakeXHR, onProgress: (p) => progress.push(p) });
  expect(application).toMatchObject({ id: 'app-1', status: 'submitted' });
  expect([sent[0].method, sent[0].url]).toEqual(['POST', APPLICATIONS_URL]);
  expect(sent[0].headers).toMatchObject({ 'Accept-Language': 'tr' });
  expect(sent[0].body.get('nativeLanguage')).toBe('tr');
  expect(progress).toEqual([0, 0.5]);
});
