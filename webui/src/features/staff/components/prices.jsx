import { useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';
import { Link, UNSAFE_DataRouterContext, useBlocker, useSearchParams } from 'react-router-dom';
import { useLanguage } from '../../../lib/language.jsx';
import { useLanguages } from '../../../lib/api/get-languages.js';
import { useCommonTexts } from '../../../lib/i18n.js';
import { auditPath } from '../api/audit.js';
import { savePrices, useStaffPrices } from '../api/prices.js';
import { diffRows, isChanged, rowKey } from '../price-list.js';
import { errorText, useStaffTexts } from '../texts.js';
import { usePricesTexts } from '../texts-prices.js';
import { useRequestOnce } from './actions.jsx';
import { ListState } from './list-state.jsx';
import { NO_FILTER, PairRates } from './price-pairs.jsx';
import { DeliveryAndAddOns, LanguageTiers, ServiceRates } from './price-settings.jsx';
import '../staff-editors.css';
import '../staff-prices.css';

export const TABS = ['pairs', 'services', 'languages', 'delivery'];

/** PriceList loads the price list (with the translators' rates staff see) and edits it. */
export function PriceList() {
  const lang = useLanguage();
  const t = usePricesTexts();
  const { data, error, isLoading, mutate } = useStaffPrices(lang);
  const history = auditPath(lang, 'orders', 'price_list', 'current');
  return (
    <>
      <ListState loading={isLoading} error={error} retry={mutate} />
      {history && (
        <p className="price-history">
          <Link to={history}>{t('history')}</Link>
        </p>
      )}
      {data && <PriceEditor list={data} onSaved={(list) => mutate(list, { revalidate: false })} />}
    </>
  );
}

/**
 * serverErrors are the server's refusals (field name → message in the page's language) with each
 * pairRates.N… named by its row's key instead, as the pair table finds them.
 */
export function serverErrors(fields, sent) {
  const out = {};
  for (const [k, msg] of Object.entries(fields ?? {})) {
    const m = k.match(/^pairRates\.(\d+)/);
    const p = m && sent?.pairRates?.[Number(m[1])];
    out[p ? rowKey(p.service, p.source, p.target) : k] = msg;
  }
  return out;
}

/**
 * PriceEditor edits a draft of the whole price list, which stays numbers (integer minor units)
 * throughout: the pairs' table with its bulk change, and the services, languages, delivery and
 * add-ons each in a tab. What differs from the saved list is counted; Save asks once and writes
 * the whole list in one request; Discard goes back to the saved list; leaving with changes asks.
 * request: tests pass their own (a save that already failed).
 */
export function PriceEditor({ list, onSaved, request: given, initialDraft }) {
  const lang = useLanguage();
  const t = usePricesTexts();
  const ts = useStaffTexts();
  const common = useCommonTexts();
  const id = useId();
  const { languages } = useLanguages();
  // A language's name in the page's language (its code when the catalogue has none), one function
  // while the catalogue's list stays, so the table's filtering and sorting are not redone.
  const name = useMemo(() => {
    const names = new Map((languages ?? []).map((l) => [l.code, lang === 'en' ? l.nameEn : l.nameTr]));
    return (code) => names.get(code) || code;
  }, [languages, lang]);
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab')) ? params.get('tab') : 'pairs';
  const [saved, setSaved] = useState(list);
  const [draft, setDraft] = useState(initialDraft ?? list);
  const [invalid, setInvalidKeys] = useState(() => new Set());
  const [filter, setFilter] = useState(NO_FILTER);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState(null);
  const [sent, setSent] = useState(null);
  const [save, state] = useRequestOnce(given);
  const changed = useMemo(() => isChanged(saved, draft), [saved, draft]);
  const changes = useMemo(() => (changed ? diffRows(saved, draft).length : 0), [changed, saved, draft]);
  const errors = useMemo(() => serverErrors(state.error?.fields, sent ?? draft), [state.error, sent, draft]);
  const setInvalid = useCallback(
    (key, bad) =>
      setInvalidKeys((s) => {
        if (s.has(key) === bad) return s;
        const next = new Set(s);
        if (bad) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const change = (next) => {
    setDraft(next);
    setNotice(null);
  };
  const confirm = () => {
    setSent(draft);
    save.run('save', () => savePrices(draft, lang)).then((answer) => {
      setConfirming(false);
      if (!answer) return;
      setSaved(answer);
      setDraft(answer);
      setNotice({ kind: 'saved', text: t('saved') });
      onSaved?.(answer);
    });
  };
  const props = { list: draft, onChange: change, invalid, setInvalid, errors, name, languages };
  const errorKeys = Object.keys(errors);
  const serviceName = (s) => common(`nav.serviceNames.${s}`, { defaultValue: s });
  const fieldName = (k) => {
    const [part, i, field] = k.split('.');
    if (k.includes('|')) {
      const [service, source, target] = k.split('|');
      return `${serviceName(service)}, ${name(source)} → ${name(target)}`;
    }
    if (part === 'services' && draft.services[i]) return `${serviceName(draft.services[i].service)}${field && t(field, { defaultValue: '' }) ? `: ${t(field)}` : ''}`;
    if (part === 'languageTiers') return i ? name(i) : t('languages');
    if (part === 'urgencies') return t(`urgency.${i}`, { defaultValue: i });
    if (part === 'addOns') return draft.addOns[i]?.name?.[lang] || draft.addOns[i]?.id || t('addOn');
    if (part === 'tierMultipliers') return t('tierN', { tier: i });
    return t('tabs.label');
  };
  return (
    <div className="staff-prices price-editor" data-testid="price-editor" data-changed={changed || undefined}>
      <LeaveGuard when={changed} />
      <p className="price-lead">{t('lead')}</p>
      <div className="price-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${id}-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`${id}-panel`}
            tabIndex={tab === k ? 0 : -1}
            className="price-tabs__tab"
            data-tab={k}
            onClick={() => setParams((p) => { const n = new URLSearchParams(p); if (k === 'pairs') n.delete('tab'); else n.set('tab', k); return n; }, { replace: true })}
            onKeyDown={(e) => {
              const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
              if (!step) return;
              const next = TABS[(TABS.indexOf(k) + step + TABS.length) % TABS.length];
              e.currentTarget.parentElement.querySelector(`[data-tab="${next}"]`)?.focus();
              e.currentTarget.parentElement.querySelector(`[data-tab="${next}"]`)?.click();
            }}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className="price-panel">
        {tab === 'pairs' && <PairRates {...props} filter={filter} setFilter={setFilter} onNotice={(text) => setNotice({ kind: 'applied', text })} />}
        {tab === 'services' && <ServiceRates {...props} />}
        {tab === 'languages' && <LanguageTiers {...props} />}
        {tab === 'delivery' && <DeliveryAndAddOns {...props} />}
      </div>

      <div className={`price-savebar${changed ? ' price-savebar--changed' : ''}`} data-testid="price-savebar">
        <div className="price-savebar__state">
          {notice && (
            <p role="status" className={`price-notice price-notice--${notice.kind}`} data-notice={notice.kind}>
              {notice.text}
            </p>
          )}
          <p className="price-savebar__changes" data-changes={changes}>
            {changed ? (changes ? t('unsaved', { count: changes }) : t('unsavedOther')) : t('clean')}
          </p>
        </div>
        {state.error && !state.busy && (
          <div className="form__error price-savebar__error" role="alert">
            <p>{Object.keys(state.error.fields ?? {}).length ? `${t('failed')} ${t('invalid')}` : `${t('failed')} ${errorText(ts, state.error)}`}</p>
            {errorKeys.length > 0 && (
              <ul>
                {errorKeys.map((k) => (
                  <li key={k} data-error={k}>{`${fieldName(k)}: ${errors[k]}`}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {invalid.size > 0 && (
          <p className="field__error" role="alert">
            {t('invalid')}
          </p>
        )}
        {confirming ? (
          <div role="alertdialog" aria-labelledby={`${id}-confirm`} aria-describedby={`${id}-confirm-text`} className="staff-reject price-confirm" data-testid="price-confirm">
            <p id={`${id}-confirm`} className="staff-reject__title">
              {t('confirmTitle')}
            </p>
            <p id={`${id}-confirm-text`}>
              {changes > 0 && `${t('saveCount', { count: changes })} `}
              {t('confirmText')}
            </p>
            <div className="staff-actions">
              <button type="button" className="button button--small" onClick={confirm} disabled={!!state.busy} data-action="confirm">
                {state.busy ? t('saving') : t('confirm')}
              </button>
              <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(false)} disabled={!!state.busy}>
                {t('cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="staff-actions">
            <button type="button" className="button" data-action="save" disabled={!changed || invalid.size > 0} onClick={() => setConfirming(true)}>
              {t('save')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              data-action="discard"
              disabled={!changed}
              onClick={() => {
                setDraft(saved);
                setInvalidKeys(new Set());
                setNotice(null);
              }}
            >
              {t('discard')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** LeaveGuard warns before the page is left with unsaved changes: closing or reloading the tab (the browser's own question) and, under the app's router, a link followed (an inline question). */
function LeaveGuard({ when }) {
  useEffect(() => {
    if (!when) return undefined;
    const warn = (e) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  // useBlocker needs the app's data router; a test's plain router has none.
  return useContext(UNSAFE_DataRouterContext) ? <RouteGuard when={when} /> : null;
}

function RouteGuard({ when }) {
  const t = usePricesTexts();
  const id = useId();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;
  return (
    <div role="alertdialog" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} className="staff-reject price-leave" data-testid="price-leave">
      <p id={`${id}-t`} className="staff-reject__title">
        {t('leaveTitle')}
      </p>
      <p id={`${id}-d`}>{t('leaveText')}</p>
      <div className="staff-actions">
        <button type="button" className="button button--small" onClick={() => blocker.reset()} data-action="stay">
          {t('stay')}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={() => blocker.proceed()} data-action="leave">
          {t('leave')}
        </button>
      </div>
    </div>
  );
}
