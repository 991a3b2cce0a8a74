// Reading what the stack mailed, as issue 24 asks every mail to be: HTML with a plain-text part,
// in the reader's language, links absolute and to that language's pages, times on Istanbul's
// clock and saying so, and no placeholder left in; and an attached PDF read as text with
// poppler's pdftotext. Amounts in mails are the site's own (src/lib/format.js formatMoney).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { BASE_URL, until } from './browser.mjs';
import { MAIL_URL, mails } from './stack.mjs';

/** CAPTURE is the mail capture's own address (its pages: /messages/{id}). */
export const CAPTURE = MAIL_URL.replace(/\/messages\/?$/, '');

// The same rules as the Go tests' internal/placeholders: a bracketed gap a writer left
// ("[registered address]", "[...]"), a template field never filled ("{{name}}", "{number}"),
// what Go prints for a missing value, a host or address on the reserved .example domain, filler
// text and notes to the writer.
const GAP = /\[(?:\.{2,}|…|\p{L}[\p{L}\p{M} _./'-]{0,60})\]/gu;
const PATTERNS = [
  /\{\{[^{}\n]{0,80}\}\}/g,
  /\{[a-zA-Z]\w{0,30}\}/g, // svc-auth's own {placeholders} (mails_kinds.go), had one no value
  /<no value>|%!\w?\((?:MISSING|EXTRA|BADINDEX|NOVERB)[^)]*\)/g,
  /[\w.+@-]*[\w-]\.example\b/gi,
  /\blorem\b/gi,
  /\b(?:TODO|FIXME|TBD)\b/g,
];

/** placeholders lists the placeholders in text, each once; [] when there is none. */
export function placeholders(text) {
  const found = new Set();
  for (const m of text.matchAll(GAP)) {
    const after = text[m.index + m[0].length];
    const before = text[m.index - 1] ?? ' ';
    // A Markdown link's text and an index in code ("a[i]") are not gaps.
    if (after !== '(' && !/[\p{L}\p{N}_]/u.test(before)) found.add(m[0]);
  }
  for (const p of PATTERNS) for (const m of text.matchAll(p)) found.add(m[0]);
  return [...found];
}

/** htmlText is what a reader of an HTML part sees, and what its attributes say, for placeholders(). */
export const htmlText = (html) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&#34;', '"')
    .replaceAll('&nbsp;', ' ');

// The clock in Istanbul, written as internal/i18n writes it (Date, DateTime).
const MONTHS = {
  tr: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const ZONE = { tr: '(İstanbul saati)', en: '(Istanbul time)' };
function istanbulParts(value) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Istanbul', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(value));
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/** istanbulDate is the day of value in Istanbul: "4 Aralık 2026", "4 December 2026". */
export function istanbulDate(value, lang) {
  const p = istanbulParts(value);
  return `${Number(p.day)} ${MONTHS[lang][Number(p.month) - 1]} ${p.year}`;
}

/** istanbulDateTime is value on Istanbul's clock, zone named: "4 Aralık 2026 18:00 (İstanbul saati)", "4 December 2026, 18:00 (Istanbul time)". */
export function istanbulDateTime(value, lang) {
  const p = istanbulParts(value);
  return `${istanbulDate(value, lang)}${lang === 'en' ? ',' : ''} ${p.hour}:${p.minute} ${ZONE[lang]}`;
}

/** calendarDay is a "YYYY-MM-DD" day as a mail writes it ("4 Aralık 2026"). */
export const calendarDay = (day, lang) => istanbulDate(`${day}T12:00:00+03:00`, lang);

/** documentMoney is an amount as the invoice PDF writes it (internal/documents.Money): the language's marks and the currency's code ("631,13 TRY", "27.54 USD"). */
export function documentMoney(minor, code, lang) {
  const digits = code === 'JPY' ? 0 : 2;
  const number = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'tr-TR', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: 'always' }).format(minor / 10 ** digits);
  return `${number} ${code}`;
}

const site = new URL(BASE_URL);
/** isSiteLink tells a link to the site (SITE_URL: the same port as BASE_URL, on localhost or 127.0.0.1). */
const isSiteLink = (u) => ['localhost', '127.0.0.1'].includes(u.hostname) && u.port === site.port;

/** linksIn are the absolute links of a mail's text part. */
export const linksIn = (mail) => (mail.text.match(/https?:\/\/[^\s"<>]+/g) ?? []).map((u) => new URL(u));

/**
 * checkMail asserts what every mail must be: to the address, the subject in the reader's
 * language, an HTML part in that language with a text part, its links absolute (each link to the
 * site on a page of that language, the one-click unsubscribe included), every clock time said to
 * be Istanbul's, no placeholder in the subject, text, HTML or its attributes. page, when given,
 * is the path the mail's button must lead to (a string, or a RegExp of path and query); answers
 * that link, as a path and query to open on BASE_URL.
 */
export function checkMail(mail, { to, lang, subject, page }) {
  const what = `${subject} to ${to}`;
  assert.deepEqual(mail.to.map((a) => a.toLowerCase()), [to.toLowerCase()], `${what}: the recipient`);
  assert.equal(mail.subject, subject, `${what}: the subject`);
  assert.ok(mail.html.includes(`<html lang="${lang}"`), `${what}: HTML in ${lang}`);
  assert.ok(mail.text.trim().length > 40, `${what}: a text part`);
  assert.ok(mail.messageId, `${what}: a Message-ID`);
  for (const [part, text] of [['subject', mail.subject], ['text', mail.text], ['HTML', htmlText(mail.html)]]) {
    assert.deepEqual(placeholders(text), [], `${what}: no placeholder in the ${part}`);
  }
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  for (const href of hrefs) assert.match(href, /^(https?:\/\/|mailto:|tel:)/, `${what}: an absolute link: ${href}`);
  const links = linksIn(mail);
  for (const u of [...links, ...hrefs.filter((h) => h.startsWith('http')).map((h) => new URL(h))].filter(isSiteLink)) {
    const ok = u.pathname.startsWith(`/${lang}/`) || (u.pathname.startsWith('/api/v1/auth/unsubscribe/') && u.searchParams.get('lang') === lang);
    assert.ok(ok, `${what}: a link to a page in ${lang}: ${u}`);
  }
  for (const text of [mail.text, htmlText(mail.html)]) {
    for (const m of text.matchAll(/\b\d{1,2}:\d{2}\b/g)) {
      assert.ok(text.slice(m.index + m[0].length).startsWith(` ${ZONE[lang]}`), `${what}: the time ${m[0]} is said to be Istanbul's`);
    }
  }
  if (page === undefined) return null;
  const button = links.find((u) => isSiteLink(u) && (typeof page === 'string' ? u.pathname === page : page.test(u.pathname + u.search)));
  assert.ok(button, `${what}: a link to ${page} in:\n${mail.text}`);
  assert.ok(hrefs.includes(button.href), `${what}: the HTML's button leads where the text's link does`);
  return `${button.pathname}${button.search}`;
}

/** mailTo waits for the mail to `to` with this subject and answers it. */
export const mailTo = (to, subject, ms = 30_000) => until(`"${subject}" to ${to}`, async () => (await mails(to)).find((m) => m.subject === subject), ms);

/** subjectsTo are the subjects of every mail to an address, sorted, for a test to compare with what it expects, once each. */
export const subjectsTo = async (to) => (await mails(to)).map((m) => m.subject).sort();

/** pdfText is the text of an attachment the capture keeps (its url), laid out as on the page (pdftotext -layout). */
export async function pdfText(url) {
  const res = await fetch(`${CAPTURE}${url}`);
  assert.equal(res.status, 200, `the attachment ${url}`);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  return pdfBytesText(Buffer.from(await res.arrayBuffer()));
}

/** pdfBytesText is the text of a PDF's bytes, laid out as on the page (pdftotext -layout). */
export function pdfBytesText(pdf) {
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-', 'a PDF');
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-']);
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`pdftotext exited ${code}: ${Buffer.concat(err)}`))));
    child.stdin.end(pdf);
  });
}
