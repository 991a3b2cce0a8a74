import { useId, useState } from 'react';
import useSWR from 'swr';
import { fetcher } from '../../../lib/api-client.js';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { eFaturaKey, registerEFatura, unregisterEFatura } from '../api/money.js';
import { FRESH } from '../api/staff.js';
import { useMoneyTexts } from '../money-texts.js';
import { ActionButton, ActionError, useRequestOnce } from './actions.jsx';
import { AuditLink } from './audit-link.jsx';

const SCENARIOS = ['TEMELFATURA', 'TICARIFATURA'];

/**
 * EFaturaPanel is a customer's e-Fatura registration, which staff set from GİB's list of
 * registered users: while it is set, the customer's next invoices are e-Fatura documents of the
 * scenario chosen, for the GİB alias given; otherwise e-Arşiv ones (svc-billing admin/customers/{id}/e-fatura).
 */
export function EFaturaPanel({ customerId }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const id = useId();
  const { data, mutate } = useSWR(eFaturaKey(customerId, lang), fetcher, FRESH);
  const [request, state] = useRequestOnce();
  const [scenario, setScenario] = useState('TEMELFATURA');
  const [alias, setAlias] = useState('');
  const registration = data?.registration;
  const fieldError = (name) => state.error?.fields?.[name];
  const submit = (e) => {
    e.preventDefault();
    request.run('register', () => registerEFatura(customerId, { scenario, alias }, lang)).then((result) => result && mutate(result, { revalidate: false }));
  };
  return (
    <section aria-labelledby={`${id}-title`} data-testid="e-fatura">
      <h2 id={`${id}-title`}>{t('eFatura.title')}</h2>
      {registration ? (
        <p data-registered="true">
          {t('eFatura.registered', { scenario: registration.scenario, alias: registration.alias, when: formatMoment(lang, registration.setAt) })}{' '}
          <ActionButton request={request} state={state} what="unregister" ghost send={() => unregisterEFatura(customerId, lang)} onDone={(result) => mutate(result, { revalidate: false })}>
            {t('eFatura.unregister')}
          </ActionButton>
        </p>
      ) : (
        <form className="staff-reject" onSubmit={submit} noValidate aria-describedby={`${id}-lead`}>
          <p id={`${id}-lead`} className="field__hint">
            {data ? t('eFatura.notRegistered') : ''}
          </p>
          <div className="field">
            <label htmlFor={`${id}-scenario`}>{t('eFatura.scenario')}</label>
            <select id={`${id}-scenario`} name="scenario" value={scenario} onChange={(e) => setScenario(e.target.value)}>
              {SCENARIOS.map((s) => (
                <option key={s} value={s}>
                  {t(`eFatura.scenarios.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-alias`}>{t('eFatura.alias')}</label>
            <input id={`${id}-alias`} name="alias" value={alias} maxLength={260} placeholder="urn:mail:defaultpk@…" onChange={(e) => setAlias(e.target.value)} aria-invalid={fieldError('alias') ? 'true' : undefined} aria-describedby={`${id}-alias-hint`} />
            <p id={`${id}-alias-hint`} className={fieldError('alias') ? 'field__error' : 'field__hint'}>
              {fieldError('alias') ?? t('eFatura.aliasHint')}
            </p>
          </div>
          <button type="submit" className="button button--small" disabled={!!state.busy} aria-busy={state.busy === 'register' || undefined}>
            {state.busy === 'register' ? t('common.sending') : t('eFatura.register')}
          </button>
        </form>
      )}
      {!fieldError('alias') && <ActionError state={state} />}
      <p>
        <AuditLink area="billing" kind="customer" id={customerId} />
      </p>
    </section>
  );
}
