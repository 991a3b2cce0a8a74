import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { CheckField, FormError } from '../../../components/form-fields.jsx';
import { Loading } from '../../../components/loading.jsx';
import { useContract } from '../api/orders.js';
import { useOrdersTexts } from '../texts.js';

/**
 * ContractStep is the last step of a quote's approval (DESIGN §14): the texts the customer
 * accepts (the pre-contract information and the distance-sales contract, or a company's
 * commercial terms) as svc-orders words them for their details and this quote, and the boxes
 * they must tick, none ticked beforehand. Approve with a box left empty is refused here, beside
 * the box, before anything is sent (svc-orders refuses it too). onApprove({ digest, consents })
 * approves; busy while it runs. fieldErrors are the server's words for boxes it found unticked.
 */
export function ContractStep({ quoteId, onApprove, busy = false, fieldErrors = {}, approveLabel, busyLabel, onChangeDetails }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  const { data: contract, error, mutate } = useContract(quoteId, lang);
  const [ticked, setTicked] = useState({});
  const [missing, setMissing] = useState({});

  if (error && !contract) {
    return (
      <section className="contract-step" data-testid="contract" data-state="error">
        <FormError>{error.code ? error.message : t('contract.loadFailed')}</FormError>
        <button type="button" className="button button--ghost button--small" onClick={() => mutate()}>
          {t('contract.retry')}
        </button>
      </section>
    );
  }
  if (!contract) return <Loading />;

  function approve(e) {
    e.preventDefault();
    if (busy) return;
    const left = Object.fromEntries(contract.consents.filter((c) => !ticked[c.id]).map((c) => [c.id, t('contract.required')]));
    setMissing(left);
    if (Object.keys(left).length > 0) {
      document.getElementById(`${id}-${Object.keys(left)[0]}`)?.focus();
      return;
    }
    onApprove?.({ digest: contract.digest, consents: Object.fromEntries(contract.consents.map((c) => [c.id, true])) });
  }

  return (
    <section className="contract-step" aria-labelledby={`${id}-title`} data-testid="contract" data-kind={contract.kind} data-version={contract.version}>
      <h3 id={`${id}-title`}>{t('contract.title')}</h3>
      <p>{t('contract.lead')}</p>
      <div className="contract-step__texts" tabIndex={0} role="region" aria-label={t('contract.textsLabel')} data-testid="contract-texts" lang={contract.lang}>
        {contract.documents.map((d) => (
          <article key={d.title} className="contract-step__document">
            <h4>{d.title}</h4>
            {d.sections.map((s, i) => (
              <section key={`${s.heading ?? ''}-${i}`}>
                {s.heading && <h5>{s.heading}</h5>}
                {s.blocks.map((b, j) =>
                  b.items ? (
                    <ul key={j}>
                      {b.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ) : (
                    <p key={j}>{b.text}</p>
                  ),
                )}
              </section>
            ))}
          </article>
        ))}
      </div>
      <form className="form contract-step__form" onSubmit={approve} noValidate>
        {contract.consents.map((c) => (
          <CheckField
            key={c.id}
            id={`${id}-${c.id}`}
            name={c.id}
            label={c.text}
            checked={!!ticked[c.id]}
            onChange={(e) => {
              const on = e.target.checked;
              setTicked((v) => ({ ...v, [c.id]: on }));
              if (on) setMissing(({ [c.id]: _, ...rest }) => rest);
            }}
            error={missing[c.id] ?? fieldErrors[c.id]}
            required
          />
        ))}
        <div className="actions">
          <button type="submit" className="button" disabled={busy} data-action="approve">
            {busy ? busyLabel : approveLabel}
          </button>
          {onChangeDetails && (
            <button type="button" className="button button--ghost" onClick={onChangeDetails} disabled={busy} data-action="change-details">
              {t('contract.changeDetails')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
