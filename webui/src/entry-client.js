// The page's entry, kept tiny on purpose. The prerendered HTML already paints the whole page, so
// nothing else is loaded before that first paint: right after it, this loads the app (React, the
// router, the texts: app/start.jsx), preloading the modules the prerenderer listed for this page
// (the app's, the page's chunk and its language's shared texts, <meta name="app-modules">), and
// the app hydrates the page. Until then the page's links are plain <a href>: a click navigates normally.
import './app/app.css';
// The states' styles (loading, notices, empty lists) are drawn from the first paint on (the page's
// skeletons): imported here they join app.css in one render-blocking stylesheet instead of a second.
import './components/states.css';

/** afterFirstPaint calls fn once the browser has painted a frame (at once in a hidden tab, which paints none). */
function afterFirstPaint(fn) {
  if (document.visibilityState === 'hidden') {
    fn();
    return;
  }
  // A rAF callback runs just before the next paint; a task queued from it runs after that paint.
  requestAnimationFrame(() => setTimeout(fn, 0));
}

// Each <link> starts its fetch as it is inserted, a few milliseconds apiece on a slow phone: twenty
// at once were one long task, so they are added a few per task.
const PRELOADS_PER_TASK = 2;

/**
 * preloadModules fetches the app's modules and the page's own (its chunk, its language's shared
 * texts, with what they import: the prerenderer lists them in order) all at once rather than as
 * each import is discovered, so hydration waits for no second round trip.
 */
function preloadModules(hrefs) {
  for (const href of hrefs.splice(0, PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (hrefs.length) setTimeout(() => preloadModules(hrefs), 0);
}

afterFirstPaint(() => {
  preloadModules((document.querySelector('meta[name="app-modules"]')?.content ?? '').split(' ').filter(Boolean));
  import('./app/start.jsx')
    .then((app) => app.start())
    .catch((err) => console.error('The app could not start; the page stays as prerendered.', err));
});
