import { useId } from 'react';
import { formatMoment, moneyText } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useEarningsTexts } from '../texts.js';
import { StatusPill } from '../../../components/status-pill.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';

/** ibanTail is an IBAN shown by its country and last four: "TR•• •••• 1326". */
export const ibanTail = (iban) => {
  const s = String(iban ?? '').replace(/\s/g, '');
  return s.length > 6 ? `${s.slice(0, 2)}•• •••• ${s.slice(-4)}` : s;
};

/** PayoutsList is the translator's payouts, newest first: amount, account, status, and a rejection's reason. */
export function PayoutsList({ payouts }) {
  const lang = useLanguage();
  const t = useEarningsTexts();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="account__block">
      <h2 id={`${id}-title`}>{t('payouts.title')}</h2>
      {payouts.length === 0 ? (
        <EmptyState>{t('payouts.empty')}</EmptyState>
      ) : (
        <ul className="payouts" data-testid="payouts">
          {payouts.map((p) => (
            <li key={p.id} className="payout" data-payout-id={p.id} data-status={p.status}>
              <div className="payout__top">
                <strong className="payout__amount">{moneyText(lang, p.amount)}</strong>
                <StatusPill domain="payout" status={p.status} label={t(`payouts.statuses.${p.status}`, { defaultValue: p.status })} />
              </div>
              <p className="payout__meta">
                <span>{t('payouts.to', { iban: ibanTail(p.iban), holder: p.holder ?? '' })}</span>
                <span>
                  <time dateTime={p.requestedAt}>{t('payouts.requestedAt', { date: formatMoment(lang, p.requestedAt) })}</time>
                </span>
                {p.decidedAt && (
                  <span>
                    <time dateTime={p.decidedAt}>{t('payouts.decidedAt', { date: formatMoment(lang, p.decidedAt) })}</time>
                  </span>
                )}
              </p>
              {p.status === 'rejected' && p.reason && (
                <p className="payout__reason" data-testid="payout-reason">
                  {t('payouts.reason', { reason: p.reason })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
