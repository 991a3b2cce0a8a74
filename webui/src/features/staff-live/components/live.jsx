import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { follow } from '../../../lib/event-stream.js';
import { useLanguage } from '../../../lib/language.jsx';
import { keepTitleNotice } from '../../../lib/title-notice.js';
import { LIVE_EVENT_TYPES, LIVE_EVENTS, markSeen, refreshScreen, renewSession } from '../api.js';
import { LIVE_SCREENS, SECTION_CATEGORIES, TOAST_MS, countText, noticePath, onlyCategories, sectionCount, sectionOf, totalCount, unexpired, withNotice, withToast } from '../live-state.js';
import { useLiveTexts } from '../texts.js';
import './live.css';

const Live = createContext({ counts: {}, toasts: [], connected: false, dismiss: () => {} });

/**
 * LiveProvider keeps the back office's one live connection to svc-auth's staff feed: the counts
 * per category (the snapshot each (re)connection starts with, then each notice's), the notices to
 * show, and the tab title's "(n) …" while the tab is hidden. Opening a section's screen marks its
 * categories seen, on every navigation to it (clicking its menu entry again clears it too).
 * section is the screen's section (the route's handle), Source the EventSource class (tests
 * pass none); initial counts and notices are for rendering without a stream.
 */
export function LiveProvider({ section, children, Source = globalThis.EventSource, initialCounts = {}, initialToasts = [] }) {
  const lang = useLanguage();
  const t = useLiveTexts();
  const { key } = useLocation();
  const [counts, setCounts] = useState(initialCounts);
  const [toasts, setToasts] = useState(initialToasts);
  // The stream has spoken (its counts come first on every connection).
  const [connected, setConnected] = useState(false);
  // What the stream's handler needs of the latest render, without reopening the stream.
  const here = useRef({ section, lang });
  here.current = { section, lang };
  const shown = useRef(new Set());

  useEffect(() => {
    const onEvent = (type, data) => {
      if (type === 'counts') {
        setConnected(true);
        return setCounts(data.counts ?? {});
      }
      const n = data.notice;
      if (!n?.id) return;
      const fresh = !shown.current.has(n.id);
      shown.current.add(n.id);
      const { section: at, lang: l } = here.current;
      if (LIVE_SCREENS.includes(at) && sectionOf(n.category) === at && !document.hidden) {
        // On screen already: seen now.
        const cats = SECTION_CATEGORIES[at];
        markSeen(cats, l)
          .then((a) => setCounts((c) => onlyCategories(c, a?.counts, cats)))
          .catch(() => {});
        return;
      }
      setCounts((c) => withNotice(c, n, data.counts, fresh));
      if (fresh) setToasts((ts) => withToast(ts, n, Date.now()));
    };
    return follow(LIVE_EVENTS, LIVE_EVENT_TYPES, onEvent, Source, { onDrop: () => renewSession(here.current.lang) });
  }, [Source]);

  const latest = useRef(counts);
  latest.current = counts;
  useEffect(() => {
    const cats = SECTION_CATEGORIES[section];
    if (!cats) return undefined;
    if (sectionCount(latest.current, section) > 0) refreshScreen();
    // Their notices are seen with the screen.
    setToasts((ts) => (ts.some((n) => cats.includes(n.category)) ? ts.filter((n) => !cats.includes(n.category)) : ts));
    let live = true;
    markSeen(cats, lang)
      .then((a) => live && setCounts((c) => onlyCategories(c, a?.counts, cats)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [section, key, lang]);

  // The tab's title carries the total while hidden, and drops it once the tab is seen.
  const total = totalCount(counts);
  const want = useRef(() => 0);
  want.current = () => (document.hidden ? total : 0);
  const title = useRef(null);
  useEffect(() => {
    title.current = keepTitleNotice(document, (count) => t('title', { count }), () => want.current());
    return () => title.current.stop();
  }, [t]);
  useEffect(() => title.current?.update(), [total]);

  // Notices leave after a while on a seen tab; on a hidden one they wait for the staff member.
  useEffect(() => {
    if (!toasts.length) return undefined;
    const next = Math.max(0, Math.min(...toasts.map((n) => n.shownAt + TOAST_MS)) - Date.now());
    const timer = setTimeout(() => {
      const now = Date.now();
      setToasts((ts) => (document.hidden ? ts.map((n) => ({ ...n, shownAt: now })) : unexpired(ts, now)));
    }, next);
    return () => clearTimeout(timer);
  }, [toasts]);

  const dismiss = useCallback((id) => setToasts((ts) => ts.filter((n) => n.id !== id)), []);
  return <Live.Provider value={{ counts, toasts, connected, dismiss }}>{children}</Live.Provider>;
}

/** LiveBadge is a menu entry's count of new things (nothing when none). */
export function LiveBadge({ section }) {
  const { counts } = useContext(Live);
  const t = useLiveTexts();
  const n = sectionCount(counts, section);
  if (!n) return null;
  return (
    <span className="live-badge" data-testid="live-count" data-section={section} aria-label={t('count', { count: countText(n) })}>
      {countText(n)}
    </span>
  );
}

/** LiveNotices shows the newest notices, each leading to its thing, on any back-office screen. */
export function LiveNotices() {
  const { toasts, connected, dismiss } = useContext(Live);
  const lang = useLanguage();
  const t = useLiveTexts();
  return (
    <div className="live-notices" role="status" aria-live="polite" aria-label={t('region')} data-testid="live-notices" data-connected={connected}>
      {toasts.map((n) => (
        <div key={n.id} className="live-notice" data-category={n.category} data-notice-id={n.id}>
          <Link to={noticePath(lang, n)} className="live-notice__link" onClick={() => dismiss(n.id)}>
            {n.title?.[lang] ?? n.title?.tr}
          </Link>
          <button type="button" className="live-notice__close" aria-label={t('dismiss')} onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
