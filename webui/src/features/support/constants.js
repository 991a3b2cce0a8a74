// The fixed support categories (svc-translators API.md "Support"), in the order the form offers them.
export const CATEGORIES = ['payment', 'job', 'technical', 'account', 'other'];
export const STATUSES = ['open', 'answered', 'closed'];
// The server's bounds, for the form's own first check (the server's word is the one that counts).
export const SUBJECT_MIN = 3;
export const SUBJECT_MAX = 140;
export const MESSAGE_MAX = 5000;
