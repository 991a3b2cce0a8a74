import { useState } from 'react';
import { useLanguage } from '../lib/language.jsx';
import { FieldNotes, describedBy } from './form-fields.jsx';
import { formatFileSize } from '../lib/format.js';
import { useCommonTexts } from '../lib/i18n.js';
import './file-drop.css';

/** fileSize is a file's size as file managers show it (1 KB = 1024 bytes), in the page's language. */
export function fileSize(lang, bytes) {
  return formatFileSize(lang, bytes);
}

/** pickFiles is the files of a FileList (or array) as an array: only the first unless multiple. */
export function pickFiles(list, multiple) {
  const files = Array.from(list ?? []);
  return multiple ? files : files.slice(0, 1);
}

/**
 * fileDropHandlers are the drop zone's event handlers, apart from React so they can be tested
 * without a browser: dragging over the zone marks it (setDragging), dropping hands the dropped
 * files to onChange, and choosing in the dialog hands the chosen ones. A multiple input is
 * emptied after each choice, so the same file can be chosen again after it was removed from
 * the caller's list; a single one keeps its file, for the form's own checks.
 */
export function fileDropHandlers({ multiple = false, disabled = false, onChange, setDragging }) {
  const over = (e) => {
    e.preventDefault();
    if (disabled) return;
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  return {
    onDragEnter: over,
    onDragOver: over,
    onDragLeave: (e) => {
      if (!e.currentTarget?.contains?.(e.relatedTarget)) setDragging(false);
    },
    onDrop: (e) => {
      e.preventDefault();
      setDragging(false);
      if (disabled) return;
      const files = pickFiles(e.dataTransfer?.files, multiple);
      if (files.length) onChange(files);
    },
    onInputChange: (e) => {
      const files = pickFiles(e.target.files, multiple);
      if (files.length) onChange(files);
      if (multiple) e.target.value = '';
    },
  };
}

/**
 * FileDrop is the site's one file input: a dashed drop zone holding a real <input type=file>
 * inside its label, so a click anywhere opens the dialog, Tab reaches the input and Enter or
 * Space opens it (the zone shows the focus), screen readers hear the field's label and files
 * dropped on the zone count as chosen. onChange(files) gets the files dropped or chosen (an
 * array; one file unless multiple). files, when given, are listed under the zone with their
 * sizes, each with a remove button when onRemove(index) is given; a caller with its own list
 * (the order wizard's uploads) leaves them out. label is the field's name above the zone;
 * texts ({ label, active, browse }) replace the zone's default words. The other props (name,
 * accept, required, disabled, error, hint, testid, field) are the input's.
 */
export function FileDrop({ id, label, name, accept, multiple = false, required = false, disabled = false, files, onChange, onRemove, error, hint, testid, field, texts = {}, children }) {
  const lang = useLanguage();
  const t = useCommonTexts();
  const [dragging, setDragging] = useState(false);
  const h = fileDropHandlers({ multiple, disabled, onChange, setDragging });
  const described = describedBy(id, hint, error);
  const labelled = `${label ? `${id}-label` : `${id}-text`} ${id}-browse`;
  const zoneText = dragging ? texts.active ?? t('ui.fileDrop.active') : texts.label ?? t(multiple ? 'ui.fileDrop.label' : 'ui.fileDrop.labelOne');
  return (
    <div className="file-drop" data-dragging={dragging ? 'true' : 'false'} data-invalid={error ? 'true' : undefined}>
      {label && (
        <span id={`${id}-label`} className="file-drop__name">
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </span>
      )}
      <label className="file-drop__zone" htmlFor={id} onDragEnter={h.onDragEnter} onDragOver={h.onDragOver} onDragLeave={h.onDragLeave} onDrop={h.onDrop} data-disabled={disabled ? 'true' : undefined}>
        <svg className="file-drop__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span id={`${id}-text`} className="file-drop__text">
          {zoneText}
        </span>
        <span className="file-drop__or">{t('ui.fileDrop.or')}</span>
        <span id={`${id}-browse`} className="button button--ghost button--small file-drop__button">
          {texts.browse ?? t(multiple ? 'ui.fileDrop.browse' : 'ui.fileDrop.browseOne')}
        </span>
        <input
          id={id}
          name={name}
          type="file"
          className="file-drop__input"
          multiple={multiple}
          accept={accept}
          required={required}
          disabled={disabled}
          aria-labelledby={labelled}
          aria-describedby={described}
          aria-invalid={error ? 'true' : undefined}
          data-testid={testid}
          data-field={field}
          onChange={h.onInputChange}
        />
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
      {files?.length > 0 && (
        <ul className="file-drop__files" aria-label={t('ui.fileDrop.chosen')}>
          {files.map((f, i) => (
            <li key={`${f.name}:${f.size}:${f.lastModified ?? i}`} className="file-drop__file">
              <span className="file-drop__file-name">{f.name}</span>
              <span className="file-drop__file-size">{fileSize(lang, f.size)}</span>
              {onRemove && (
                <button type="button" className="button button--ghost button--small" onClick={() => onRemove(i)} aria-label={`${t('ui.fileDrop.remove')}: ${f.name}`}>
                  {t('ui.fileDrop.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
