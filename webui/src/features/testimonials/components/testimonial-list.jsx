import { Icon } from '../../../components/icon.jsx';

// A rating is out of this many stars.
export const MAX_RATING = 5;

/** stars is how many stars of MAX_RATING a rating fills: a whole number from 0 to MAX_RATING. */
export function stars(rating) {
  const n = Math.round(Number(rating));
  return Number.isFinite(n) ? Math.min(MAX_RATING, Math.max(0, n)) : 0;
}

/**
 * TestimonialList shows clients' words with their rating (1–5): a filled star for each point and
 * an empty one for the rest, read out as ratingLabel(count) ("4 of 5 stars").
 */
export function TestimonialList({ testimonials, lang, ratingLabel }) {
  return (
    <ul className="grid" role="list">
      {testimonials.map((x) => (
        <li key={x.id}>
          <figure className="card testimonial">
            <p className="rating" role="img" aria-label={ratingLabel(stars(x.rating))} data-rating={stars(x.rating)}>
              {Array.from({ length: MAX_RATING }, (_, i) => (
                <Icon key={i} name="star" className={i < stars(x.rating) ? 'icon icon--filled' : 'icon icon--empty'} />
              ))}
            </p>
            <blockquote>“{x.quote[lang]}”</blockquote>
            <figcaption>
              <strong>{x.author}</strong>, {x.company}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
