import { describe, expect, it } from 'vitest';
import { intlOf } from './intl-cache.js';

describe('intlOf', () => {
  it('makes one formatter per constructor, locale and options, and reuses it', () => {
    const a = intlOf(Intl.NumberFormat, 'tr-TR', { maximumFractionDigits: 1 });
    expect(intlOf(Intl.NumberFormat, 'tr-TR', { maximumFractionDigits: 1 })).toBe(a);
    expect(intlOf(Intl.NumberFormat, 'tr-TR', { maximumFractionDigits: 2 })).not.toBe(a);
    expect(intlOf(Intl.NumberFormat, 'en-GB', { maximumFractionDigits: 1 })).not.toBe(a);
    expect(intlOf(Intl.PluralRules, 'tr-TR', { maximumFractionDigits: 1 })).not.toBe(a);
    expect(a.format(1234.56)).toBe('1.234,6');
  });
});
