import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { FilesView, fileOrders } from './files-list.jsx';

const file = (id, purpose, orderId) => ({ id, name: `${id}.docx`, purpose, size: 2048, counts: { words: 10 }, uploadedAt: '2026-11-20T10:00:00Z', orderId });

test('the files page names each file’s order by its number and links it', () => {
  const orders = fileOrders([
    { id: 'o1', number: 'O-2026-00007', files: [{ id: 'src1' }], deliveries: [{ id: 'del1' }] },
    { id: 'o2', number: 'O-2026-00008', files: [{ id: 'src2' }], deliveries: [] },
  ]);
  const files = [file('del1', 'delivery', 'o1'), file('src1', 'source'), file('src2', 'source'), file('loose', 'source'), file('del9', 'delivery', 'o9')];
  const html = render(<FilesView files={files} orders={orders} />, { path: '/tr/hesabim/dosyalarim' });
  const rows = [...html.matchAll(/<tr data-file-id="(\w+)"[^>]*>(.*?)<\/tr>/g)].map((m) => [m[1], text(m[2])]);
  expect(rows.find(([id]) => id === 'del1')[1]).toContain('O-2026-00007');
  expect(rows.find(([id]) => id === 'src1')[1]).toContain('O-2026-00007');
  expect(rows.find(([id]) => id === 'src2')[1]).toContain('O-2026-00008');
  expect(rows.find(([id]) => id === 'loose')[1]).toMatch(/—$/); // a file of a quote not ordered
  expect(html).toContain('href="/tr/hesabim/siparislerim/o1"');
  expect(html).toContain('href="/tr/hesabim/siparislerim/o9"'); // a delivery of an order not listed still leads to it
});
