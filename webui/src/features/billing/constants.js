// The agency's bank account customers send transfers to, shown on the balance page. The IBAN is
// the example account of the local stand-in; production sets the real one here.
export const BANK_ACCOUNT = { holder: 'LinguaPort Çeviri Hizmetleri A.Ş.', iban: 'TR33 0006 1005 1978 6457 8413 26' };

// The site's currencies (spec §3), which balances are kept in.
export const BALANCE_CURRENCIES = ['TRY', 'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'RUB'];
