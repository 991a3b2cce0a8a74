import { useState } from 'react';
import { Link } from 'react-router-dom';
import { staffPath } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatIstanbulMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Notice } from '../../../components/notice.jsx';
import { staffRevokeApiKey, useStaffApiKeys } from '../api/api-keys.js';
import { useApiKeyTexts } from '../texts.js';
import { KeyTitle, isActive } from './key-title.jsx';
import '../api-keys.css';

/**
 * StaffApiKeys is the back office's list of every customer's API keys, newest first, 50 a page
 * (older pages by the cursor), each working key revocable; the customer's name leads to them.
 * useNames(ids, lang) answers a function from an account's id to its name (the back office's
 * own lookup, which this feature cannot import).
 */
export function StaffApiKeys({ useNames }) {
  const lang = useLanguage();
  const t = useApiKeyTexts();
  const [after, setAfter] = useState('');
  const { data, error, mutate } = useStaffApiKeys(lang, after);
  const keys = data?.keys;
  const nameOf = useNames([...new Set((keys ?? []).map((k) => k.ownerId))], lang);
  return (
    <>
      <p className="lead">{t('staff.lead')}</p>
      {error && !data && <Notice tone="error">{error.code ? error.message : t('list.failed')}</Notice>}
      {keys?.length === 0 && <p className="field__hint">{t('staff.none')}</p>}
      {keys?.length > 0 && (
        <ul className="api-keys" data-testid="staff-api-keys">
          {keys.map((k) => (
            <StaffKey key={k.id} apiKey={k} owner={nameOf(k.ownerId)} onRevoked={() => mutate()} />
          ))}
        </ul>
      )}
      <div className="actions">
        {after && (
          <button type="button" className="button button--secondary" onClick={() => setAfter('')}>
            {t('staff.first')}
          </button>
        )}
        {data?.next && (
          <button type="button" className="button button--secondary" onClick={() => setAfter(data.next)} data-action="older-keys">
            {t('staff.more')}
          </button>
        )}
      </div>
    </>
  );
}

function StaffKey({ apiKey: k, owner, onRevoked }) {
  const lang = useLanguage();
  const t = useApiKeyTexts();
  const [state, setState] = useState({ busy: false, error: '' });
  const active = isActive(k);
  async function revoke() {
    if (!window.confirm(t('list.confirm', { name: k.name }))) return;
    setState({ busy: true, error: '' });
    try {
      await staffRevokeApiKey(k.id, lang);
      setState({ busy: false, error: '' });
    } catch (err) {
      setState({ busy: false, error: err instanceof ApiError && err.code ? err.message : t('list.failed') });
    }
    onRevoked();
  }
  return (
    <li className={active ? 'api-keys__item' : 'api-keys__item api-keys__item--inactive'} data-key-id={k.id} data-active={String(active)} data-sandbox={String(Boolean(k.sandbox))}>
      <KeyTitle apiKey={k} /> · {t('staff.customer')}:{' '}
      <Link to={staffPath(lang, 'musteriler', k.ownerId)}>{owner}</Link>
      <br />
      <span className="field__hint">
        {t('list.created', { date: formatIstanbulMoment(lang, k.createdAt) })}
        {' · '}
        {k.lastUsedAt ? t('list.lastUsed', { date: formatIstanbulMoment(lang, k.lastUsedAt) }) : t('list.never')}
        {k.revokedAt && <> · {t('list.revokedAt', { date: formatIstanbulMoment(lang, k.revokedAt) })} {t(`staff.revokedBy.${k.revokedBy}`, { defaultValue: '' })}</>}
      </span>
      {state.error && <Notice tone="error">{state.error}</Notice>}
      {active && (
        <p>
          <button type="button" className="button button--small button--danger" onClick={revoke} disabled={state.busy} data-action="staff-revoke-key">
            {state.busy ? t('list.revoking') : t('list.revoke')}
          </button>
        </p>
      )}
    </li>
  );
}
