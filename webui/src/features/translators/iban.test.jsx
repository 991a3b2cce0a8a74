import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { groupIban, ibanProblem, maskIban } from './iban.js';
import { AddAccountForm, BankAccountsView } from './components/bank-accounts.jsx';

test('the IBAN hint: the spec’s example adds up however it is typed, one changed digit does not', () => {
  expect(ibanProblem('TR33 0006 1005 1978 6457 8413 26')).toBe('');
  expect(ibanProblem('tr330006100519786457841326')).toBe('');
  expect(ibanProblem('TR33-0006-1005-1978-6457-8413-26')).toBe('');
  expect(ibanProblem('TR33 0006 1005 1978 6457 8413 27')).toBe('checksum');
  expect(ibanProblem('TR33 0006 1005 1979 6457 8413 26')).toBe('checksum');
  expect(ibanProblem('TR33 0006 1005 1978 6457 8413 2')).toBe('length');
  expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBe('');
  expect(ibanProblem('33 0006 1005')).toBe('format');
  expect(ibanProblem('')).toBe('');
});

test('IBANs are grouped by four, and masked in the list but for the country, check digits and last four', () => {
  expect(groupIban('TR330006100519786457841326')).toBe('TR33 0006 1005 1978 6457 8413 26');
  expect(maskIban('TR330006100519786457841326')).toBe('TR33 •••• •••• •••• •••• ••13 26');
});

const account = (n, extra = {}) => ({ id: `acc-${n}`, iban: 'TR330006100519786457841326', display: 'TR33 0006 1005 1978 6457 8413 26', country: 'TR', holder: `Ayşe Çelik ${n}`, isDefault: n === 1, ...extra });

test('the list marks the default account, and at five accounts the add form gives way to the limit', () => {
  let html = render(<BankAccountsView accounts={[account(1), account(2)]} onAdded={() => {}} />, { path: '/en/account/bank-accounts' });
  expect(html.match(/data-default="true"/g)).toHaveLength(1);
  expect(text(html)).toContain('TR33 •••• •••• •••• •••• ••13 26 Ayşe Çelik 1 Default');
  expect(html.match(/>Make default</g)).toHaveLength(1); // only the other one
  expect(html).toContain('data-testid="bank-add"');
  html = render(<BankAccountsView accounts={[1, 2, 3, 4, 5].map((n) => account(n))} onAdded={() => {}} />);
  expect(html).not.toContain('data-testid="bank-add"');
  expect(text(html)).toContain('En fazla 5 banka hesabı ekleyebilirsiniz.');
});

test('the add form shows nothing red before the IBAN is left', () => {
  const html = render(<AddAccountForm initial={{ iban: 'TR33 0006 1005 1978 6457 8413 27', holder: '' }} />);
  expect(html).not.toContain('field__error');
});
