// The translator application (svc-translators API.md, spec §3): the page's own rules, which show
// once a field is left, the form's state with the server's field messages (the server is the
// authority: its message wins until the field is edited), the multipart body and how a refusal
// maps onto the form.
import { ApiError } from '../../lib/api-client.js';
import { DOCUMENT_EXTENSIONS, MAX_FILE_BYTES, MAX_SPECIALIZATIONS, MAX_WORKING_LANGUAGES } from './constants.js';

export const APPLICATION_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'nativeLanguage',
  'workingLanguages',
  'specializations',
  'experienceYears',
  'education',
  'certificates',
  'cv',
  'portfolioUrl',
  'portfolio',
  'acceptTerms',
];

export const emptyApplication = () => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  nativeLanguage: '',
  workingLanguages: [],
  specializations: [],
  experienceYears: '',
  education: '',
  certificates: '',
  cv: null,
  portfolioKind: 'url',
  portfolioUrl: '',
  portfolio: null,
  acceptTerms: false,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s-]+$/;

const length = (value, min, max) => {
  const n = [...value.trim()].length;
  if (n === 0 && min > 0) return { code: 'required' };
  if (n < min) return { code: 'tooShort', min };
  if (n > max) return { code: 'tooLong', max };
  return null;
};

/** fileProblem is what is wrong with a chosen CV or portfolio file (kind or size), or null. */
export function fileProblem(file) {
  if (!file) return null;
  const ext = String(file.name ?? '').toLowerCase().split('.').pop();
  if (!DOCUMENT_EXTENSIONS.includes(ext)) return { code: 'fileType' };
  if (file.size > MAX_FILE_BYTES) return { code: 'fileSize', max: 10 };
  return null;
}

/** validateApplication returns { field: { code, min?, max? } } for each field the page's rules refuse. */
export function validateApplication(v) {
  const out = {};
  const put = (field, problem) => {
    if (problem) out[field] = problem;
  };
  put('firstName', length(v.firstName, 1, 60));
  put('lastName', length(v.lastName, 1, 60));
  if (!v.email.trim()) out.email = { code: 'required' };
  else if (!EMAIL.test(v.email.trim())) out.email = { code: 'email' };
  const digits = v.phone.replace(/\D/g, '').length;
  if (!v.phone.trim()) out.phone = { code: 'required' };
  else if (!PHONE.test(v.phone.trim()) || digits < 7 || digits > 20) out.phone = { code: 'phone' };
  if (!v.nativeLanguage) out.nativeLanguage = { code: 'required' };
  if (!v.workingLanguages.length) out.workingLanguages = { code: 'required' };
  else if (v.workingLanguages.length > MAX_WORKING_LANGUAGES) out.workingLanguages = { code: 'tooMany', max: MAX_WORKING_LANGUAGES };
  else if (v.workingLanguages.every((c) => c === v.nativeLanguage)) out.workingLanguages = { code: 'nativeOnly' };
  if (!v.specializations.length) out.specializations = { code: 'required' };
  else if (v.specializations.length > MAX_SPECIALIZATIONS) out.specializations = { code: 'tooMany', max: MAX_SPECIALIZATIONS };
  const years = String(v.experienceYears).trim();
  if (!years) out.experienceYears = { code: 'required' };
  else if (!/^\d+$/.test(years) || Number(years) > 60) out.experienceYears = { code: 'years', min: 0, max: 60 };
  put('education', length(v.education, 2, 500));
  put('certificates', length(v.certificates, 0, 1000));
  if (!v.cv) out.cv = { code: 'required' };
  else put('cv', fileProblem(v.cv));
  if (v.portfolioKind === 'url' && v.portfolioUrl.trim()) {
    let ok;
    try {
      ok = ['http:', 'https:'].includes(new URL(v.portfolioUrl.trim()).protocol);
    } catch {
      ok = false;
    }
    if (!ok) out.portfolioUrl = { code: 'url' };
  }
  if (v.portfolioKind === 'file') put('portfolio', fileProblem(v.portfolio));
  if (!v.acceptTerms) out.acceptTerms = { code: 'terms' };
  return out;
}

/**
 * applicationBody is the multipart form POST applications takes: the lists comma-separated, the
 * portfolio as a link or a file (whichever the applicant chose), and the language of the
 * applicant's mails.
 */
export function applicationBody(v, lang) {
  const form = new FormData();
  form.append('firstName', v.firstName.trim());
  form.append('lastName', v.lastName.trim());
  form.append('email', v.email.trim());
  form.append('phone', v.phone.trim());
  form.append('nativeLanguage', v.nativeLanguage);
  form.append('workingLanguages', v.workingLanguages.join(','));
  form.append('specializations', v.specializations.join(','));
  form.append('experienceYears', String(v.experienceYears).trim());
  form.append('education', v.education.trim());
  form.append('certificates', v.certificates.trim());
  form.append('cv', v.cv, v.cv.name);
  if (v.portfolioKind === 'url' && v.portfolioUrl.trim()) form.append('portfolioUrl', v.portfolioUrl.trim());
  if (v.portfolioKind === 'file' && v.portfolio) form.append('portfolio', v.portfolio, v.portfolio.name);
  form.append('acceptTerms', v.acceptTerms ? 'true' : 'false');
  form.append('lang', lang);
  return form;
}

/**
 * applicationFailure maps a refused application onto the form: a 400's field messages under
 * their fields, a file the server found too large under the CV, and an open application (409),
 * too many applications (429) or anything else as a message above the form (messageKey when
 * the page words it, message when the server's own text is shown).
 */
export function applicationFailure(err) {
  if (!(err instanceof ApiError)) return { messageKey: 'network' };
  if (err.status === 400 && Object.keys(err.fields).length) return { fields: err.fields };
  if (err.status === 413) return { fields: { cv: err.code ? err.message : '' }, fieldKeys: { cv: 'fileSize' } };
  if (err.status === 409 && err.code === 'application_open') return { messageKey: 'applicationOpen', message: err.message };
  if (err.status === 429) return { messageKey: 'tooMany', message: err.message };
  return err.code ? { message: err.message } : { messageKey: 'failed' };
}

export function initialApplication() {
  return { values: emptyApplication(), touched: {}, server: {}, status: '', progress: 0, message: '', messageKey: '' };
}

export function applicationReducer(state, action) {
  switch (action.type) {
    case 'change': {
      const { [action.field]: _dropped, ...server } = state.server;
      return { ...state, values: { ...state.values, [action.field]: action.value }, server, status: state.status === 'sending' ? 'sending' : '' };
    }
    case 'blur':
      return { ...state, touched: { ...state.touched, [action.field]: true } };
    case 'submit':
      return { ...state, touched: Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, true])), status: 'checking', message: '', messageKey: '' };
    case 'invalid':
      return { ...state, status: 'invalid' };
    case 'sending':
      return { ...state, status: 'sending', progress: 0 };
    case 'progress':
      return { ...state, progress: Math.max(0, Math.min(1, action.value)) };
    case 'refused': {
      const f = action.failure;
      if (f.fields) {
        const server = { ...f.fields };
        for (const [k, key] of Object.entries(f.fieldKeys ?? {})) server[k] ||= { code: key, max: 10 };
        return { ...state, server, status: 'invalid' };
      }
      return { ...state, status: 'failed', message: f.message ?? '', messageKey: f.messageKey ?? '' };
    }
    case 'sent':
      return { ...state, status: 'sent', application: action.application };
    default:
      return state;
  }
}

/**
 * applicationErrors are the messages under the fields: the server's as sent (a string, or a
 * { code } the page words), else the page's own rule for a field the applicant has left.
 */
export function applicationErrors(state) {
  const local = validateApplication(state.values);
  const out = {};
  for (const f of APPLICATION_FIELDS) {
    const s = state.server[f];
    if (s) out[f] = typeof s === 'string' ? { message: s } : s;
    else if (local[f] && state.touched[f]) out[f] = local[f];
  }
  for (const [f, s] of Object.entries(state.server)) if (!(f in out) && s) out[f] = typeof s === 'string' ? { message: s } : s;
  return out;
}
