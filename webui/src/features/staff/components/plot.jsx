import { useEffect, useRef, useState } from 'react';
import 'uplot/dist/uPlot.min.css';
import { loadChunk } from '../../../lib/lazy-chunk.js';

// One uPlot chart, the library loaded with the first chart drawn (a chunk of its own, asked for
// by the dashboard only) and its width following its box (ResizeObserver), so one chart fits a
// 390 px phone and a 1366 px desk alike.

let loading;
/** loadUPlot imports uPlot once, whichever chart asks first; a failed load is asked again next time. */
export function loadUPlot() {
  loading ??= loadChunk('uplot', () => import('uplot')).then(
    (m) => m.default,
    (err) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** useUPlot is { uPlot } once loaded (null until then, and on the server, which draws no canvas), { failed } if it could not be. */
export function useUPlot() {
  const [state, setState] = useState({ uPlot: null, failed: false });
  useEffect(() => {
    let live = true;
    loadUPlot().then(
      (u) => live && setState({ uPlot: u, failed: false }),
      () => live && setState({ uPlot: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export const COLORS = { green: '#0b6b47', navy: '#0f2a3d', red: '#a4161a', muted: '#4a5a66', line: '#d9e1e7' };

/**
 * Plot draws options(uPlot, width) with data into its box, again when either changes; the box is
 * hidden from screen readers, whose text alternative the caller gives beside it. onPick, if
 * given, is called with the index of the x value clicked (a week), the links beside the chart
 * being the keyboard's way to the same place.
 */
export function Plot({ options, data, height = 240, testId, failedText, onPick }) {
  const { uPlot, failed } = useUPlot();
  const box = useRef(null);
  useEffect(() => {
    const el = box.current;
    if (!uPlot || !el) return undefined;
    const width = () => Math.max(200, Math.floor(el.clientWidth));
    let plot = new uPlot({ ...options(uPlot, width()), width: width(), height }, data, el);
    let drawnAt = width();
    // On the box, not the plot: the plot is drawn anew on a resize, the box stays.
    const click = (e) => {
      const i = plot.cursor.idx;
      if (onPick && e.target.closest('.u-over') && i !== null && i !== undefined) onPick(i);
    };
    el.addEventListener('click', click);
    const resize = new ResizeObserver(() => {
      const w = width();
      if (w === drawnAt) return;
      drawnAt = w;
      // The axes' ticks depend on the width (fewer week labels on a phone): draw anew.
      plot.destroy();
      plot = new uPlot({ ...options(uPlot, w), width: w, height }, data, el);
    });
    resize.observe(el);
    return () => {
      el.removeEventListener('click', click);
      resize.disconnect();
      plot.destroy();
    };
  }, [uPlot, options, data, height, onPick]);
  if (failed) return <p className="staff-chart__note">{failedText}</p>;
  const className = onPick ? 'staff-chart__plot staff-chart__plot--pick' : 'staff-chart__plot';
  return <div className={className} ref={box} aria-hidden="true" data-testid={testId} />;
}
