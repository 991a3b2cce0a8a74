import { FileDrop as SharedFileDrop } from '../../../components/file-drop.jsx';
import { useLanguage } from '../../../lib/language.jsx';
import { formatSize } from '../format.js';
import { useOrdersTexts } from '../texts.js';
import { FileCounts } from './file-counts.jsx';

// The extensions svc-orders counts (API.md, upload errors); the server decides, this only
// narrows the browser's file dialog.
const ACCEPT = ['txt', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'html', 'htm', 'srt', 'vtt', 'pdf', 'mp3', 'wav', 'mp4', 'm4a'].map((e) => `.${e}`).join(',');

/**
 * FileDrop takes documents by drag and drop or the file dialog (the site's one file input,
 * components/file-drop.jsx), and lists each upload with its progress, its counts and
 * preview once counted, or its error. onAdd(files) and onRemove(key) change the list; error is
 * the field's message, fileErrors the server's messages by file id.
 */
export function FileDrop({ id, entries, onAdd, onRemove, error, fileErrors = {}, announcement }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  return (
    <SharedFileDrop
      id={id}
      multiple
      accept={ACCEPT}
      onChange={onAdd}
      error={error}
      hint={t('drop.hint')}
      testid="file-input"
      texts={{ label: t('drop.label'), active: t('drop.active'), browse: t('drop.browse') }}
    >
      {entries.length > 0 && (
        <ul className="uploads__list" aria-label={t('files')}>
          {entries.map((e) => (
            <Upload key={e.key} entry={e} lang={lang} t={t} onRemove={onRemove} serverError={e.file ? fileErrors[e.file.id] : ''} />
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </SharedFileDrop>
  );
}

function Upload({ entry, lang, t, onRemove, serverError }) {
  const { name, size, status, progress, file } = entry;
  const message = entry.error || (entry.errorKey ? t(entry.errorKey) : '');
  const percent = Math.round(progress * 100);
  // Every byte sent, no answer yet: the file is being counted.
  const counting = status === 'uploading' && progress >= 1;
  return (
    <li className="upload" data-status={status} data-file-id={file?.id}>
      <div className="upload__head">
        <span className="upload__name">{name}</span>
        <span className="upload__size">{formatSize(lang, size)}</span>
        <button type="button" className="button button--ghost button--small" onClick={() => onRemove(entry.key)} aria-label={t('upload.removeLabel', { name })}>
          {t('upload.remove')}
        </button>
      </div>
      {(status === 'queued' || status === 'uploading') && (
        <div className="upload__progress" aria-live="polite">
          {counting ? (
            // Sent: the server reads and counts the file now. No share to show, so the bar moves
            // without a value (indeterminate) until the counts arrive.
            <progress max={1} aria-label={t('upload.countingLabel', { name })} />
          ) : (
            <progress max={1} value={status === 'queued' ? 0 : progress} aria-label={t('upload.progress', { name })} />
          )}
          <span>{status === 'queued' ? t('upload.queued') : counting ? t('upload.counting') : t('upload.uploading', { percent })}</span>
        </div>
      )}
      {status === 'done' && (
        <>
          <FileCounts counts={file.counts} />
          {file.counts?.manualCount && <p className="field__hint">{t('manualCount')}</p>}
          {file.counts?.preview && (
            <p className="upload__preview">
              <span className="upload__preview-label">{t('preview')}:</span> <q>{file.counts.preview}</q>
            </p>
          )}
        </>
      )}
      {status === 'error' && <p className="field__error">{message}</p>}
      {serverError && <p className="field__error">{serverError}</p>}
    </li>
  );
}
