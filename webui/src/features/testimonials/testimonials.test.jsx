import { expect, test } from 'vitest';
import { render } from '../../lib/test-render.jsx';
import { TestimonialList, stars } from './components/testimonial-list.jsx';

const testimonial = (id, rating) => ({ id, rating, quote: { tr: 'Harika', en: 'Great' }, author: 'Ayşe', company: 'ACME' });

test('the stars show the rating: filled for its points, empty for the rest, read out as "4 of 5 stars"', () => {
  const html = render(<TestimonialList testimonials={[testimonial('a', 4), testimonial('b', 5)]} lang="en" ratingLabel={(n) => `${n} of 5 stars`} />, { path: '/en' });
  const ratings = [...html.matchAll(/<p class="rating" role="img" aria-label="([^"]+)" data-rating="(\d)">(.*?)<\/p>/g)];
  expect(ratings.map((m) => m[1])).toEqual(['4 of 5 stars', '5 of 5 stars']);
  const kinds = (m) => [...m[3].matchAll(/class="icon icon--(filled|empty)"/g)].map((k) => k[1]);
  expect(kinds(ratings[0])).toEqual(['filled', 'filled', 'filled', 'filled', 'empty']);
  expect(kinds(ratings[1])).toEqual(['filled', 'filled', 'filled', 'filled', 'filled']);
  expect([stars(0), stars(3.4), stars(9), stars('x')]).toEqual([0, 3, 5, 0]);
});
