import { useTranslation } from 'react-i18next';
import './states.css';

// Rows of six widths (states.css: skeleton__bar--w0…w5), so the placeholder reads as text of
// varying length rather than a striped block. Classes, not style attributes: a prerendered page's
// style attribute is refused by the site's Content-Security-Policy (style-src 'self').
const WIDTHS = 6;

/**
 * Skeleton is the placeholder while a list or a page loads, instead of a bare "Yükleniyor...":
 * grey shapes of what is coming (variant list: rows; detail: a heading, facts and paragraphs;
 * block: a few lines), marked aria-busy, with the loading words for screen readers (role status)
 * so the page says once that it is loading. The shapes are still when the reader asks for
 * reduced motion. lang names the words' language outside the page's (the router's fallback).
 */
export function Skeleton({ variant = 'block', rows = variant === 'list' ? 4 : 3, lang, testid = 'skeleton' }) {
  const { t } = useTranslation('common', lang ? { lng: lang } : undefined);
  const n = Math.max(1, Math.min(rows, 12));
  return (
    <div className={`skeleton skeleton--${variant}`} aria-busy="true" role="status" data-testid={testid}>
      <span className="visually-hidden">{t('loading')}</span>
      {variant === 'detail' && (
        <>
          <span className="skeleton__bar skeleton__bar--title" aria-hidden="true" />
          <span className="skeleton__facts" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <span key={i} className="skeleton__bar skeleton__bar--fact" />
            ))}
          </span>
        </>
      )}
      {variant === 'list' ? (
        <span className="skeleton__rows" aria-hidden="true">
          {Array.from({ length: n }, (_, i) => (
            <span key={i} className="skeleton__row">
              <span className={`skeleton__bar skeleton__bar--w${i % WIDTHS}`} />
              <span className="skeleton__bar skeleton__bar--short" />
            </span>
          ))}
        </span>
      ) : (
        <span className="skeleton__lines" aria-hidden="true">
          {Array.from({ length: n }, (_, i) => (
            <span key={i} className={`skeleton__bar skeleton__bar--w${i % WIDTHS}`} />
          ))}
        </span>
      )}
    </div>
  );
}
