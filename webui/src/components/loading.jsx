import { Skeleton } from './skeleton.jsx';

/**
 * Loading is the placeholder while a chunk or data loads: a skeleton of what is coming (variant
 * list, detail or block; see skeleton.jsx), with "Yükleniyor..." / "Loading..." for screen
 * readers only. lang names the words' language outside the page's (the router's fallback).
 */
export function Loading({ lang, variant = 'block', rows }) {
  return <Skeleton lang={lang} variant={variant} rows={rows} testid="loading" />;
}
