import { expect, test } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { routes } from './router.jsx';
import { staffPath, switchLanguage } from '../config/paths.js';

test('content, inquiries, the price list and the audit log are lazy back office routes in both languages, with their items', () => {
  const cases = {
    '/tr/yonetim/icerik': ['icerik', undefined, 'admin/content'],
    '/en/admin/content': ['icerik', undefined, 'admin/content'],
    '/tr/yonetim/icerik/new': ['icerik', 'post', 'admin/post-detail'],
    '/en/admin/content/66a1f0c2': ['icerik', 'post', 'admin/post-detail'],
    '/tr/yonetim/mesajlar': ['mesajlar', undefined, 'admin/inquiries'],
    '/en/admin/inquiries/iq-1': ['mesajlar', 'inquiry', 'admin/inquiry-detail'],
    '/tr/yonetim/fiyatlar': ['fiyatlar', undefined, 'admin/prices'],
    '/en/admin/prices': ['fiyatlar', undefined, 'admin/prices'],
    '/tr/yonetim/denetim': ['denetim', undefined, 'admin/audit'],
    '/en/admin/audit': ['denetim', undefined, 'admin/audit'],
    '/tr/yonetim/api-anahtarlari': ['api-anahtarlari', undefined, 'admin/api-keys'],
    '/en/admin/api-keys': ['api-anahtarlari', undefined, 'admin/api-keys'],
  };
  for (const [p, [section, detail, chunk]] of Object.entries(cases)) {
    const page = matchRoutes(routes, p).at(-1).route;
    expect(page.handle.section, p).toBe(section);
    expect(page.handle.detail, p).toBe(detail);
    expect(page.handle.chunk, p).toBe(chunk);
    expect(typeof page.lazy, p).toBe('function');
  }
  expect(staffPath('en', 'icerik', 'new')).toBe('/en/admin/content/new');
  expect(switchLanguage('/en/admin/inquiries/iq-1', 'tr')).toBe('/tr/yonetim/mesajlar/iq-1');
  expect(switchLanguage('/tr/yonetim/denetim', 'en')).toBe('/en/admin/audit');
});
