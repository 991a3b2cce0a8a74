import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { FileDrop } from './file-drop.jsx';

const entry = (status, progress) => ({ key: `k-${status}-${progress}`, name: 'rapor.docx', size: 2048, status, progress, error: '', errorKey: '', file: null });
const drop = (entries, path) => render(<FileDrop id="files" entries={entries} onAdd={() => {}} onRemove={() => {}} />, { path });

// While the bytes go up the bar shows their share; once all are sent and the counts have not
// arrived, the server is counting the file: the page says so, with a bar that has no value.
test('an upload shows its share, then "Counting…" until the counts arrive', () => {
  const sending = drop([entry('uploading', 0.4)], '/en/order');
  expect(text(sending)).toContain('Uploading: 40%');
  expect(text(sending)).not.toContain('Counting');
  expect(sending).toMatch(/<progress[^>]*value="0.4"/);

  for (const [path, words, label] of [
    ['/en/order', 'Counting…', 'Counting rapor.docx'],
    ['/tr/siparis', 'Sayılıyor…', 'rapor.docx sayılıyor'],
  ]) {
    const counting = drop([entry('uploading', 1)], path);
    expect(text(counting)).toContain(words);
    expect(text(counting)).not.toMatch(/Uploading|Yükleniyor/);
    const bar = counting.match(/<progress[^>]*>/)[0];
    expect(bar).not.toContain('value=');
    expect(bar).toContain(`aria-label="${label}"`);
  }

  const queued = drop([entry('queued', 0)], '/en/order');
  expect(text(queued)).toContain('Waiting');
  expect(text(queued)).not.toContain('Counting');
});
