import { expect, test } from 'vitest';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig, unstable_serialize } from 'swr';
import { unstable_serialize as infiniteKey } from 'swr/infinite';
import { createI18n } from '../../../lib/i18n.js';
import { LanguageProvider } from '../../../lib/language.jsx';
import { balancePageKey, invoicesKey } from '../api/billing.js';
import { text } from '../test-render.jsx';
import { BillingSummary } from './billing-summary.jsx';

const render = (lang, invoices, balance) =>
  text(
    renderToString(
      <I18nextProvider i18n={createI18n(lang)}>
        <MemoryRouter initialEntries={[`/${lang}`]}>
          <LanguageProvider>
            <SWRConfig value={{ provider: () => new Map(), fallback: { [unstable_serialize(invoicesKey(lang))]: invoices, [infiniteKey(balancePageKey(lang))]: [balance] } }}>
              <BillingSummary headingId="b" />
            </SWRConfig>
          </LanguageProvider>
        </MemoryRouter>
      </I18nextProvider>,
    ),
  ).replace(/\u00a0/g, ' ');

const inv = (status, total, currency = 'TRY') => ({ id: `inv-${Math.random()}`, status, currency, decimals: 2, totals: { total } });

test('the overview counts the unpaid invoices, adds them up per currency, and shows the balance', () => {
  const invoices = [inv('pending', 112200), inv('paid', 50000), inv('pending', 10000), inv('pending', 4080, 'USD')];
  const balance = { balances: [{ amount: 150000, currency: 'TRY', decimals: 2 }], entries: [], more: false };
  const tr = render('tr', invoices, balance);
  expect(tr).toContain('3 ödenmemiş fatura: 1.222,00 ₺ + 40,80 $');
  expect(tr).toContain('Bakiye: 1.500,00 ₺');
  const en = render('en', [inv('pending', 112200)], { balances: [], entries: [], more: false });
  expect(en).toContain('1 unpaid invoice: ₺1,122.00');
  expect(en).toContain('Balance: ₺0.00');
  expect(render('en', [inv('paid', 1)], balance)).toContain('You have no unpaid invoices.');
});
