import { useOutletContext } from 'react-router-dom';
import { useLanguage } from '../../../lib/language.jsx';
import { EarningsPage } from '../../../features/earnings/components/earnings-page.jsx';
import { useBankAccounts } from '../../../features/translators/api/translators.js';
import { maskIban } from '../../../features/translators/iban.js';

/**
 * Component is the translator's earnings: /tr/hesabim/kazanclar, /en/account/earnings.
 * The earnings are svc-billing's, the accounts a payout goes to svc-translators'.
 */
export function Component() {
  const { title } = useOutletContext();
  const lang = useLanguage();
  const { data: accounts, error } = useBankAccounts(lang);
  // Without the accounts (svc-translators unreachable) the earnings still show; the form says there is no account.
  const choices = error && !accounts ? [] : accounts?.map((a) => ({ id: a.id, label: `${maskIban(a.iban)} · ${a.holder}`, isDefault: a.isDefault }));
  return (
    <>
      <h1>{title}</h1>
      <EarningsPage accounts={choices} />
    </>
  );
}
