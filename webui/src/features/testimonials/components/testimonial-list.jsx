import { Icon } from '../../../components/icon.jsx';

/** TestimonialList shows clients' words with their rating (1–5). */
export function TestimonialList({ testimonials, lang, ratingLabel }) {
  return (
    <ul className="grid" role="list">
      {testimonials.map((x) => (
        <li key={x.id}>
          <figure className="card testimonial">
            <p className="rating" role="img" aria-label={ratingLabel(x.rating)}>
              {Array.from({ length: x.rating }, (_, i) => (
                <Icon key={i} name="star" />
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
