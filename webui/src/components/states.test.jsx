import { expect, test } from 'vitest';
import { render, text } from '../lib/test-render.jsx';
import { EmptyState } from './empty-state.jsx';
import { Loading } from './loading.jsx';
import { Notice } from './notice.jsx';
import { Skeleton } from './skeleton.jsx';

test('a skeleton is busy, says it is loading to screen readers only, and draws the shapes of a list or a page', () => {
  const list = render(<Skeleton variant="list" rows={3} />, { path: '/tr/hesabim' });
  expect(list).toMatch(/^<div class="skeleton skeleton--list" aria-busy="true" role="status" data-testid="skeleton">/);
  expect(list).toContain('<span class="visually-hidden">Yükleniyor...</span>');
  expect(list.match(/class="skeleton__row"/g)).toHaveLength(3);
  expect(list).toContain('aria-hidden="true"');
  const detail = render(<Skeleton variant="detail" />, { path: '/en/account' });
  expect(detail).toContain('skeleton__bar--title');
  expect(detail.match(/skeleton__bar--fact/g)).toHaveLength(4);
  expect(text(detail)).toBe('Loading...');
  // The rows are kept within reason whatever is asked.
  expect(render(<Skeleton variant="list" rows={500} />).match(/class="skeleton__row"/g)).toHaveLength(12);
});

test('Loading is a skeleton: no visible "Yükleniyor..." text, in the language asked for', () => {
  const html = render(<Loading variant="list" />, { path: '/tr/hesabim' });
  expect(html).toContain('aria-busy="true"');
  expect(html).toContain('data-testid="loading"');
  expect(html).not.toContain('class="loading"');
  expect(render(<Loading lang="en" />, { path: '/tr/hesabim' })).toContain('>Loading...</span>');
});

test('a saved action is a status, a failed one an alert, keeping the form classes; nothing to say renders nothing', () => {
  expect(render(<Notice>Kaydedildi.</Notice>)).toBe('<p class="notice-inline notice-inline--success form__note" role="status" data-tone="success">Kaydedildi.</p>');
  expect(render(<Notice tone="error" data-testid="oauth-error">Failed.</Notice>)).toBe(
    '<p class="notice-inline notice-inline--error form__error" role="alert" data-testid="oauth-error" data-tone="error">Failed.</p>',
  );
  expect(render(<Notice tone="info">Note</Notice>)).toContain('role="status"');
  const titled = render(<Notice title="Saved">Your details are kept.</Notice>);
  expect(titled).toMatch(/^<div [^>]*role="status"[^>]*><strong class="notice-inline__title">Saved<\/strong><span>Your details are kept.<\/span><\/div>$/);
  expect(render(<Notice>{''}</Notice>)).toBe('');
  expect(render(<Notice tone="error" />)).toBe('');
});

test('an empty state puts its words first, then its action, and passes its data attributes', () => {
  const html = render(<EmptyState testid="pool-empty" data-reason="vacation" action={<a href="/x">Go</a>}>Nothing here.</EmptyState>);
  expect(html).toBe('<div class="empty-state" data-testid="pool-empty" data-reason="vacation"><p>Nothing here.</p><div class="empty-state__action"><a href="/x">Go</a></div></div>');
  expect(render(<EmptyState title="No orders">Order one.</EmptyState>)).toContain('<p class="empty-state__title">No orders</p><p>Order one.</p>');
});
