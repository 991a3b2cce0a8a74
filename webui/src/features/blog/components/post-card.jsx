import { Link } from 'react-router-dom';
import { formatPostDate } from '../format-date.js';

/** PostCard is a post in a list: cover, title, date, excerpt. */
export function PostCard({ post, lang, to, headingLevel = 2 }) {
  const Heading = `h${headingLevel}`;
  return (
    <article className="card post-card">
      <img className="post-card__cover" src={post.cover} alt={post.coverAlt} width="640" height="360" loading="lazy" decoding="async" />
      <Heading>
        <Link to={to}>{post.title}</Link>
      </Heading>
      <p className="post-card__meta">
        <time dateTime={post.date}>{formatPostDate(post.date, lang)}</time> · {post.author}
      </p>
      <p>{post.excerpt}</p>
    </article>
  );
}
