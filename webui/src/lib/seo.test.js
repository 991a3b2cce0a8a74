import { expect, test } from 'vitest';
import { alternatePaths, headTags, pageTitle, PRODUCT } from './seo.js';

test('every tab title carries the product name; home leads with it', () => {
  expect(pageTitle('Hizmetler')).toBe('Hizmetler | LinguaPort');
  expect(pageTitle('Professional Translation Services', { home: true })).toBe('LinguaPort | Professional Translation Services');
  expect(pageTitle(undefined)).toBe(PRODUCT);
});

test('alternates map segments, and slugs through the page overrides', () => {
  expect(alternatePaths('/tr/sik-sorulan-sorular')).toEqual({ tr: '/tr/sik-sorulan-sorular', en: '/en/faq' });
  expect(alternatePaths('/en/privacy-policy')).toEqual({ tr: '/tr/gizlilik-sozlesmesi', en: '/en/privacy-policy' });
  expect(alternatePaths('/tr/blog/yeminli-tercume-nedir', { en: '/en/blog/what-is-sworn-translation' })).toEqual({
    tr: '/tr/blog/yeminli-tercume-nedir',
    en: '/en/blog/what-is-sworn-translation',
  });
});

test('head: title, description, canonical, hreflang tr/en/x-default, Organization and page JSON-LD, escaped', () => {
  const head = headTags('/en/faq', 'en', {
    title: 'FAQ & "more" | LinguaPort',
    description: 'Answers <here>',
    jsonLd: { '@type': 'FAQPage', name: '</script><script>alert(1)</script>' },
  });
  expect(head).toContain('<title>FAQ &amp; &quot;more&quot; | LinguaPort</title>');
  expect(head).toContain('<meta name="description" content="Answers &lt;here&gt;">');
  expect(head).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/en\/faq">/);
  expect(head).toMatch(/hreflang="tr" href="[^"]+\/tr\/sik-sorulan-sorular"/);
  expect(head).toMatch(/hreflang="en" href="[^"]+\/en\/faq"/);
  expect(head).toMatch(/hreflang="x-default" href="[^"]+\/tr\/sik-sorulan-sorular"/);
  expect(head).toContain('"@type":"Organization"');
  expect(head).toContain('"@type":"FAQPage"');
  expect(head).not.toContain('</script><script>alert');
});

test('noindex pages have no canonical or alternates', () => {
  const head = headTags('/tr/404', 'tr', { title: 'Sayfa bulunamadı | LinguaPort', noindex: true });
  expect(head).toContain('<meta name="robots" content="noindex">');
  expect(head).not.toContain('rel="canonical"');
  expect(head).not.toContain('hreflang');
});
