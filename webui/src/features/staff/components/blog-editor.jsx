import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { path, staffPath } from '../../../config/paths.js';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { RichText } from '../../../components/rich-text.jsx';
import { AuditLink } from './audit-link.jsx';
import { createPost, deletePost, previewMarkdown, publishPost, unpublishPost, updatePost, usePost } from '../api/content.js';
import { useStaffTexts } from '../texts.js';
import { useContentTexts } from '../texts-content.js';
import { ActionButton, ActionError, useRequestOnce } from './actions.jsx';
import { ListState } from './list-state.jsx';
import '../staff-editors.css';
import { SaveButton, SaveError, fieldError } from './content-save.jsx';
import { Notice } from '../../../components/notice.jsx';

export const PREVIEW_DELAY_MS = 400;
const FIELDS = ['title', 'slug', 'excerpt', 'author', 'cover', 'coverAlt', 'translationKey'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * createPreviewer renders Markdown with send(body, signal) at most once per pause in typing:
 * push(body) waits delay ms for the next keystroke, aborts a render under way, and hands
 * onResult only the newest body's answer ({ html } or { error }), never a late older one.
 */
export function createPreviewer({ send, onResult, delay = PREVIEW_DELAY_MS }) {
  let timer = null;
  let seq = 0;
  let controller = null;
  const cancel = () => {
    clearTimeout(timer);
    controller?.abort();
  };
  return {
    push(body) {
      cancel();
      const mine = ++seq;
      timer = setTimeout(() => {
        controller = new AbortController();
        send(body, controller.signal).then(
          (answer) => mine === seq && onResult({ html: answer?.html ?? '' }),
          (error) => mine === seq && error?.name !== 'AbortError' && onResult({ error }),
        );
      }, delay);
    },
    cancel,
  };
}

/** emptyPost is a new post's fields in a language. */
export const emptyPost = (postLang) => ({ lang: postLang, title: '', slug: '', excerpt: '', author: '', cover: '', coverAlt: '', translationKey: '', body: '' });

/** postInput is what a save sends (PostInput), or { errors } by field for what the page can tell at once. */
export function postInput(fields) {
  const input = { lang: fields.lang, body: fields.body };
  for (const k of FIELDS) input[k] = (fields[k] ?? '').trim();
  if (!input.translationKey) delete input.translationKey; // the server uses the slug
  const errors = {};
  for (const k of ['title', 'slug', 'excerpt', 'author', 'coverAlt']) if (!input[k]) errors[k] = 'required';
  if (!input.body.trim()) errors.body = 'required';
  if (input.slug && (!SLUG.test(input.slug) || input.slug.length < 2 || input.slug.length > 120)) errors.slug = 'slugInvalid';
  if (input.translationKey && !SLUG.test(input.translationKey)) errors.translationKey = 'slugInvalid';
  return Object.keys(errors).length ? { errors } : { input };
}

/** isDirty says the form holds edits the saved post does not have. */
export const isDirty = (fields, post) => ['lang', 'body', ...FIELDS].some((k) => (fields[k] ?? '') !== (post[k] ?? ''));

/** PostEditor is one post's page: a new one (id "new") or a saved one, loaded. */
export function PostEditor({ id }) {
  const lang = useLanguage();
  const isNew = id === 'new';
  const { data, error, isLoading, mutate } = usePost(isNew ? null : id, lang);
  const t = useContentTexts();
  const ts = useStaffTexts();
  const [notice, setNotice] = useState('');
  return (
    <>
      <p>
        <Link to={staffPath(lang, 'icerik')}>← {ts('common.back')}</Link>
      </p>
      {!isNew && <ListState loading={isLoading} error={error} retry={mutate} variant="detail" />}
      {notice && <Notice>{t(notice)}</Notice>}
      {(isNew || data) && (
        <PostEditorView
          key={data?.version ?? 'new'}
          post={isNew ? null : data}
          onSaved={(post, what) => {
            setNotice(what);
            mutate(post, { revalidate: false });
          }}
          reload={() => {
            setNotice('');
            return mutate();
          }}
        />
      )}
    </>
  );
}

/** PostEditorView is the post's form with its live preview, Save, Publish or Unpublish, and Delete for a draft never published. */
export function PostEditorView({ post, onSaved, reload }) {
  const lang = useLanguage();
  const t = useContentTexts();
  const id = useId();
  const navigate = useNavigate();
  const [fields, setFields] = useState(() => (post ? { ...emptyPost(post.lang), ...post } : emptyPost(lang)));
  const [local, setLocal] = useState({});
  const [preview, setPreview] = useState({ html: post?.html ?? '' });
  const [previewer] = useState(() => createPreviewer({ send: (body, signal) => previewMarkdown(body, lang, signal), onResult: setPreview }));
  const [save, saveState] = useRequestOnce();
  const [act, actState] = useRequestOnce();
  useEffect(() => {
    // A saved post's answer may come without its render: ask for one.
    if (post && !post.html && post.body) previewer.push(post.body);
    return () => previewer.cancel();
  }, [previewer, post]);
  const set = (name) => (e) => {
    const value = e.target.value;
    setFields((f) => ({ ...f, [name]: value }));
    if (name === 'body') previewer.push(value);
  };
  const submit = (e) => {
    e.preventDefault();
    const checked = postInput(fields);
    setLocal(checked.errors ? Object.fromEntries(Object.entries(checked.errors).map(([k, v]) => [k, t(`blog.${v}`)])) : {});
    if (checked.errors) return;
    save
      .run('save', () => (post ? updatePost(post.id, { ...checked.input, version: post.version }, lang) : createPost(checked.input, lang)))
      .then((saved) => {
        if (!saved) return;
        if (post) onSaved?.(saved, 'saved');
        else navigate(staffPath(lang, 'icerik', saved.id), { replace: true });
      });
  };
  const err = (name) => fieldError(local, saveState.error, name);
  const field = (name, { multiline, rows, hint, required = true, type = 'text' } = {}) => {
    const error = err(name);
    const props = { id: `${id}-${name}`, name, value: fields[name] ?? '', onChange: set(name), 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': error ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined };
    return (
      <div className="field">
        <label htmlFor={props.id}>
          {t(`blog.${name}`)}
          {required && <span aria-hidden="true"> *</span>}
        </label>
        {multiline ? <textarea rows={rows} {...props} /> : <input type={type} {...props} />}
        {hint && <p id={`${id}-${name}-hint`} className="field__hint">{hint}</p>}
        {error && <p id={`${id}-${name}-error`} className="field__error">{error}</p>}
      </div>
    );
  };
  const published = post?.status === 'published';
  // Publishing acts on the saved post, so edits not saved yet must be saved first.
  const dirty = !!post && isDirty(fields, post);
  return (
    <article className="staff-detail" data-post-id={post?.id ?? 'new'} data-status={post?.status ?? 'new'}>
      {post && (
        <dl className="staff-facts">
          <dt>{t('blog.status')}</dt>
          <dd>{t(`blog.statuses.${post.status}`)}</dd>
          {post.date && (
            <>
              <dt>{t('blog.date')}</dt>
              <dd>{formatMoment(lang, post.date)}</dd>
            </>
          )}
          <dt>{t('blog.updated')}</dt>
          <dd>{formatMoment(lang, post.updatedAt)}</dd>
        </dl>
      )}
      {post?.id && (
        <p className="staff-actions">
          {published && (
            <a href={path('blog', post.lang, post.slug)} target="_blank" rel="noopener" data-action="view">
              {t('blog.view')}
            </a>
          )}
          <AuditLink area="catalog" kind="post" id={post.id}>
            {t('history')}
          </AuditLink>
        </p>
      )}
      <form onSubmit={submit} noValidate className="staff-form">
        <div className="field">
          <label htmlFor={`${id}-lang`}>{t('blog.language')}</label>
          <select id={`${id}-lang`} value={fields.lang} onChange={set('lang')}>
            {['tr', 'en'].map((l) => (
              <option key={l} value={l}>{t(`languages.${l}`)}</option>
            ))}
          </select>
        </div>
        {field('title')}
        {field('slug')}
        {field('translationKey', { hint: t('blog.translationKeyHint'), required: false })}
        {field('excerpt', { multiline: true, rows: 3 })}
        {field('author')}
        {field('cover', { required: false })}
        {field('coverAlt')}
        <div className="staff-markdown">
          {field('body', { multiline: true, rows: 20 })}
          {/* The preview scrolls in its own box (a long post): focusable, so that a keyboard can scroll it. */}
          <section className="staff-preview" aria-labelledby={`${id}-preview`} aria-live="polite" tabIndex={0}>
            <h2 id={`${id}-preview`}>{t('blog.preview')}</h2>
            {preview.error ? <p className="field__error">{t('blog.previewFailed')}</p> : preview.html ? <RichText html={preview.html} /> : <p className="field__hint">{t('blog.previewEmpty')}</p>}
          </section>
        </div>
        <SaveError error={saveState.error} reload={reload} />
        <div className="staff-actions">
          <SaveButton state={saveState} />
          {post && dirty && (
            <button type="button" className="button button--small button--ghost" disabled aria-describedby={`${id}-unsaved`} data-action={published ? 'unpublish' : 'publish'}>
              {t(published ? 'blog.unpublish' : 'blog.publish')}
            </button>
          )}
          {post && !dirty && (
            <ActionButton request={act} state={actState} what={published ? 'unpublish' : 'publish'} ghost send={() => (published ? unpublishPost : publishPost)(post.id, lang)} onDone={(p) => onSaved?.(p, published ? 'blog.unpublished' : 'blog.published')}>
              {t(published ? 'blog.unpublish' : 'blog.publish')}
            </ActionButton>
          )}
          {post && !published && !post.date && (
            <ActionButton
              request={act}
              state={actState}
              what="delete"
              ghost
              send={() => (window.confirm(t('confirmDelete')) ? deletePost(post.id, lang).then(() => ({ deleted: true })) : null)}
              onDone={() => navigate(staffPath(lang, 'icerik'), { replace: true })}
            >
              {t('delete')}
            </ActionButton>
          )}
        </div>
        {dirty && (
          <p id={`${id}-unsaved`} className="field__hint">
            {t('blog.unsaved')}
          </p>
        )}
        <ActionError state={actState} />
      </form>
    </article>
  );
}
