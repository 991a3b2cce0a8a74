import useSWR from 'swr';

// Keys are the exact URLs svc-catalog's snapshot is keyed by, so prerendered pages find their data.
export const postsKey = (lang, page = 1) => `/api/v1/catalog/blog?lang=${lang}&page=${page}`;
export const postKey = (lang, slug) => `/api/v1/catalog/blog/${lang}/${encodeURIComponent(slug)}`;

/** usePosts is one page of a language's posts: { posts, page, pageSize, total }. */
export function usePosts(lang, page) {
  return useSWR(postsKey(lang, page));
}

/** usePost is a post with its rendered body and its slug in each language; null skips it. */
export function usePost(lang, slug) {
  return useSWR(slug ? postKey(lang, slug) : null);
}

/** postAlternates maps a post's language versions to their paths. */
export function postAlternates(post) {
  const out = {};
  for (const [lang, slug] of Object.entries(post?.alternate ?? {})) out[lang] = `/${lang}/blog/${slug}`;
  return out;
}
