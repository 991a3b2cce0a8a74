import { useId, useState } from 'react';
import { useDevelopersTexts } from '../texts.js';

/**
 * CodeBlock is a block of code named by its caption (a figure and its figcaption), scrolling
 * sideways inside its box on a phone; with copyName, a button copies it (its name: "Copy: <copyName>").
 */
export function CodeBlock({ code, caption, copyName, testid }) {
  const id = useId();
  return (
    <figure className="dev-code" data-testid={testid} aria-labelledby={`${id}-caption`}>
      <figcaption className="dev-code__caption">
        <span id={`${id}-caption`}>{caption}</span>
        {copyName && <CopyButton text={code} name={copyName} />}
      </figcaption>
      {/* Focusable, so a keyboard scrolls it sideways when it is wider than the page. */}
      <pre className="dev-code__pre" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** CopyButton copies text to the clipboard and says so; without a clipboard (an insecure origin) it says to copy by hand. */
function CopyButton({ text, name }) {
  const t = useDevelopersTexts();
  const [state, setState] = useState('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <>
      <button type="button" className="button button--small button--ghost dev-code__copy" onClick={copy} data-action="copy-code" data-state={state}>
        {state === 'copied' ? t('reference.copied') : t('reference.copy')}
        <span className="visually-hidden">: {name}</span>
      </button>
      <span className={state === 'failed' ? 'field__hint dev-code__failed' : 'visually-hidden'} role="status">
        {state === 'copied' ? t('reference.copied') : state === 'failed' ? t('reference.copyFailed') : ''}
      </span>
    </>
  );
}
