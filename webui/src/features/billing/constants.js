// The site's currencies (spec §3), which balances are kept in.
export const BALANCE_CURRENCIES = ['TRY', 'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'RUB'];
