import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle.js';
import { loadChunk } from '../../lib/lazy-chunk.js';

const ChatWidget = lazy(() => loadChunk('chat-widget', () => import('./chat-widget.jsx')).then((m) => ({ default: m.ChatWidget })));

/** LateWidgets mounts the chat and other extras once the page is idle (spec §2, §9). */
export function LateWidgets() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
