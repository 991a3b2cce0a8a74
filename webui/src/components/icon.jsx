// The catalogue names icons by Font Awesome class; the site draws its own SVGs instead of
// loading an icon font, so pages stay light and within the CSP.
const PATHS = {
  'fa-language': 'M4 5h10M9 3v2m2.5 0C10.4 9.6 7.7 12.8 4 14.5M6.5 9c1.2 2.1 3 3.9 5.3 5.2M13 21l4.5-10 4.5 10m-7.5-3.5h6',
  'fa-globe': 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z',
  'fa-pen-nib': 'M12 19l7-7 3 3-7 7-3-3Zm6-6-1.5-7.5L2 2l3.5 14.5L13 18M2 2l7.6 7.6M11 13a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  'fa-spell-check': 'M3 14 6.5 5h1L11 14M4.2 11h5.6M13 5h3.5a2.3 2.3 0 0 1 0 4.5H13V5Zm0 4.5h4a2.3 2.3 0 0 1 0 4.5h-4V9.5ZM9 18l3 3 8-8',
  'fa-closed-captioning': 'M3 5h18v14H3zM10 10.5a2.5 2.5 0 1 0 0 3M17 10.5a2.5 2.5 0 1 0 0 3',
  'fa-arrows-rotate': 'M20 11a8 8 0 0 0-14.3-4.9L4 8m0-5v5h5M4 13a8 8 0 0 0 14.3 4.9L20 16m0 5v-5h-5',
  'fa-microphone-lines': 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Zm7 9a7 7 0 0 1-14 0m7 7v3m-3 0h6',
  'fa-object-group': 'M3 3h4v4H3zm14 0h4v4h-4zM3 17h4v4H3zm14 0h4v4h-4zM7 5h10M7 19h10M5 7v10m14-10v10M9 9h6v6H9z',
  'fa-file-lines': 'M14 3H6v18h12V7l-4-4Zm0 0v4h4M9 12h6m-6 4h6',
  'fa-gears': 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0-5v3m0 12v3M3 12h3m12 0h3M5.6 5.6l2.1 2.1m8.6 8.6 2.1 2.1m0-12.8-2.1 2.1m-8.6 8.6-2.1 2.1',
  check: 'M5 12.5 10 17 19 7',
  chevron: 'm6 9 6 6 6-6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  chat: 'M4 5h16v11H9l-5 4V5Z',
  star: 'M12 3.5 14.6 9l5.9.6-4.4 4 1.3 5.9L12 16.5l-5.4 3 1.3-5.9-4.4-4 5.9-.6L12 3.5Z',
};

/** Icon draws a named icon; decorative unless given a label. */
export function Icon({ name, label, className = 'icon' }) {
  const d = PATHS[name] ?? PATHS['fa-language'];
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden={label ? undefined : 'true'} role={label ? 'img' : undefined} aria-label={label} focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
