import { useId } from 'react';
import { useSWRConfig } from 'swr';
import { formatMoment, moneyText } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { LedgerTable } from '../../../components/ledger-table.jsx';
import { Loading } from '../../../components/loading.jsx';
import { payoutsKey, useEarningsPages, usePayouts } from '../api/earnings.js';
import { useEarningsTexts } from '../texts.js';
import { PayoutForm } from './payout-form.jsx';
import { PayoutsList } from './payouts-list.jsx';
import '../earnings.css';

/**
 * EarningsPage is the translator's earnings (svc-billing, in TRY): the balance, requesting a
 * payout to one of their bank accounts (accounts, from the app: [{ id, label, isDefault }], or
 * undefined while loading), their payouts and the ledger newest first with older pages on request.
 */
export function EarningsPage({ accounts }) {
  const lang = useLanguage();
  const t = useEarningsTexts();
  const { mutate } = useSWRConfig();
  const { data: pages, error, size, setSize, isValidating, mutate: mutatePages } = useEarningsPages(lang);
  const { data: payouts } = usePayouts(lang);
  if (error && !pages) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!pages) return <Loading variant="detail" />;
  // A payout debits the balance at once: the ledger and the payouts are asked again.
  const onRequested = () => Promise.all([mutatePages(), mutate(payoutsKey(lang))]);
  return (
    <EarningsView
      pages={pages}
      payouts={payouts ?? pages[0]?.payouts ?? []}
      accounts={accounts}
      onRequested={onRequested}
      loadingOlder={isValidating && size > pages.length}
      onOlder={() => setSize(size + 1)}
    />
  );
}

/** EarningsView draws the earnings from loaded pages; see EarningsPage. */
export function EarningsView({ pages, payouts, accounts, onRequested, loadingOlder = false, onOlder, request }) {
  const lang = useLanguage();
  const t = useEarningsTexts();
  const id = useId();
  const first = pages[0] ?? {};
  return (
    <>
      <section aria-labelledby={`${id}-balance`} className="account__block">
        <h2 id={`${id}-balance`}>{t('balance.title')}</h2>
        <p className="earnings__balance" data-testid="earnings-balance">
          {moneyText(lang, first.balance)}
        </p>
        <p className="field__hint">
          {t('balance.lead')} {first.threshold && t('balance.threshold', { threshold: moneyText(lang, first.threshold) })}
        </p>
      </section>
      <section aria-labelledby={`${id}-payout`} className="account__block" id="payout">
        <h2 id={`${id}-payout`}>{t('payout.title')}</h2>
        {accounts ? <PayoutForm accounts={accounts} balance={first.balance} onRequested={onRequested} request={request} /> : <Loading />}
      </section>
      <PayoutsList payouts={payouts} />
      <EarningsLedger pages={pages} loadingOlder={loadingOlder} onOlder={onOlder} />
    </>
  );
}

/** EarningsLedger is the movements loaded so far: earnings (a completed order), payouts and returned payouts. */
export function EarningsLedger({ pages, loadingOlder = false, onOlder }) {
  const lang = useLanguage();
  const t = useEarningsTexts();
  const id = useId();
  const entries = pages.flatMap((p) => p?.entries ?? []);
  const more = !!pages.at(-1)?.more;
  const col = (k) => t(`ledger.${k}`);
  const columns = [
    { key: 'what', label: col('what'), cell: (e) => t(`ledger.reasons.${e.reason}`, { defaultValue: e.reason }) },
    { key: 'reference', label: col('reference'), className: 'earnings-table__ref', cell: (e) => entryReference(t, e) },
  ];
  return (
    <section aria-labelledby={`${id}-ledger`} className="account__block">
      <h2 id={`${id}-ledger`}>{t('ledger.title')}</h2>
      <LedgerTable
        entries={entries}
        columns={columns}
        labels={{ date: col('date'), amount: col('amount'), balanceAfter: col('balanceAfter') }}
        dateCell={(at) => formatMoment(lang, at)}
        labelledBy={`${id}-ledger`}
        testid="earnings-ledger"
        totals
        empty={t('ledger.empty')}
        more={more}
        onOlder={onOlder}
        loadingOlder={loadingOlder}
        olderLabel={col('older')}
        loadingOlderLabel={col('loadingOlder')}
        olderTestid="earnings-older"
      />
    </section>
  );
}

/**
 * entryReference names what an entry is about: an earning its order by number (svc-billing keeps
 * it as the entry's label; an entry credited before that names none rather than an internal id),
 * a payout its request.
 */
export function entryReference(t, e) {
  if (e.reason === 'earning') return e.label ? t('ledger.refs.earning', { ref: e.label }) : '';
  return e.reference ? t(`ledger.refs.${e.reason}`, { ref: e.reference, defaultValue: e.reference }) : '';
}
