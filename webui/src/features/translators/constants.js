// The fixed lists of svc-translators (API.md): specialisation keys (shared with the staff's
// screens, so kept in lib), and the bounds the server checks, which the page checks too so the
// applicant hears them before sending.

export { SPECIALIZATIONS } from '../../lib/specializations.js';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
// The CV and portfolio kinds; the server decides by content, the page by the name's extension.
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'odt'];
export const MAX_WORKING_LANGUAGES = 10;
export const MAX_SPECIALIZATIONS = 10;
export const MAX_PAIRS = 30;
export const MAX_BANK_ACCOUNTS = 5;
export const MAX_VACATION_DAYS = 90;
