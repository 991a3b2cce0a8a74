import { expect, test } from 'vitest';
import { copyrightLine } from './footer.jsx';

test('the copyright line ends the name with one full stop, never two', () => {
  expect(copyrightLine('2026', 'LinguaPort Çeviri Hizmetleri Ltd. Şti.', 'Tüm hakları saklıdır.')).toBe('© 2026 LinguaPort Çeviri Hizmetleri Ltd. Şti. Tüm hakları saklıdır.');
  expect(copyrightLine('2026', 'LinguaPort Translation Services GmbH', 'All rights reserved.')).toBe('© 2026 LinguaPort Translation Services GmbH. All rights reserved.');
});
