import { expect, test, vi } from 'vitest';
import { render, text } from '../lib/test-render.jsx';
import { FileDrop, fileDropHandlers, fileSize, pickFiles } from './file-drop.jsx';

const file = (name, size = 2048) => ({ name, size, lastModified: 1 });
const event = (over = {}) => ({ preventDefault: vi.fn(), ...over });

test('choosing files in the dialog hands them to onChange; a multiple input is emptied for the next choice', () => {
  const onChange = vi.fn();
  const setDragging = vi.fn();
  const h = fileDropHandlers({ multiple: true, onChange, setDragging });
  const input = { files: [file('a.docx'), file('b.pdf')], value: 'C:\\fakepath\\a.docx' };
  h.onInputChange({ target: input });
  expect(onChange).toHaveBeenCalledWith([file('a.docx'), file('b.pdf')]);
  expect(input.value).toBe('');
  // A cancelled dialog chooses nothing: onChange is not called.
  h.onInputChange({ target: { files: [], value: '' } });
  expect(onChange).toHaveBeenCalledTimes(1);

  const single = vi.fn();
  const one = { files: [file('cv.pdf'), file('other.pdf')], value: 'cv.pdf' };
  fileDropHandlers({ onChange: single, setDragging }).onInputChange({ target: one });
  expect(single).toHaveBeenCalledWith([file('cv.pdf')]);
  expect(one.value).toBe('cv.pdf');
});

test('dragging marks the zone, dropping hands over the dropped files, leaving unmarks it', () => {
  const onChange = vi.fn();
  const setDragging = vi.fn();
  const h = fileDropHandlers({ multiple: true, onChange, setDragging });
  const over = event({ dataTransfer: { dropEffect: 'none' } });
  h.onDragOver(over);
  expect(over.preventDefault).toHaveBeenCalled();
  expect(over.dataTransfer.dropEffect).toBe('copy');
  expect(setDragging).toHaveBeenLastCalledWith(true);
  // Moving onto a child of the zone is not leaving it.
  const zone = { contains: (el) => el === 'child' };
  h.onDragLeave({ currentTarget: zone, relatedTarget: 'child' });
  expect(setDragging).toHaveBeenLastCalledWith(true);
  h.onDragLeave({ currentTarget: zone, relatedTarget: 'elsewhere' });
  expect(setDragging).toHaveBeenLastCalledWith(false);
  const drop = event({ dataTransfer: { files: [file('x.srt'), file('y.vtt')] } });
  h.onDrop(drop);
  expect(drop.preventDefault).toHaveBeenCalled();
  expect(onChange).toHaveBeenCalledWith([file('x.srt'), file('y.vtt')]);
  expect(setDragging).toHaveBeenLastCalledWith(false);

  // A single input takes the first file dropped; a disabled zone takes none.
  const single = vi.fn();
  fileDropHandlers({ onChange: single, setDragging }).onDrop(event({ dataTransfer: { files: [file('1.pdf'), file('2.pdf')] } }));
  expect(single).toHaveBeenCalledWith([file('1.pdf')]);
  const off = vi.fn();
  fileDropHandlers({ disabled: true, multiple: true, onChange: off, setDragging }).onDrop(event({ dataTransfer: { files: [file('1.pdf')] } }));
  expect(off).not.toHaveBeenCalled();
  expect(pickFiles(null, true)).toEqual([]);
});

test('the input is real, inside the zone’s label and reachable by keyboard, named by the field and the button', () => {
  const html = render(<FileDrop id="cv" name="cv" field="cv" label="CV" accept=".pdf,.docx" required hint="PDF or Word" error="Choose your CV." onChange={() => {}} testid="cv-input" />, { path: '/en/account' });
  const input = html.match(/<input[^>]*>/)[0];
  expect(input).toContain('type="file"');
  expect(input).toContain('id="cv"');
  expect(input).toContain('name="cv"');
  expect(input).toContain('accept=".pdf,.docx"');
  expect(input).toContain('required=""');
  expect(input).toContain('aria-labelledby="cv-label cv-browse"');
  expect(input).toContain('aria-describedby="cv-hint cv-error"');
  expect(input).toContain('aria-invalid="true"');
  expect(input).toContain('data-field="cv"');
  expect(input).toContain('data-testid="cv-input"');
  expect(input).not.toMatch(/tabindex|aria-hidden|multiple/i);
  expect(html).toMatch(/<label class="file-drop__zone" for="cv">.*<input[^>]*><\/label>/);
  expect(text(html)).toBe('CV * Drag and drop the file here or Choose a file PDF or Word Choose your CV.');
});

test('the files chosen are listed with their sizes and a remove button; the words follow the page and the caller', () => {
  const tr = render(<FileDrop id="d" multiple files={[file('çeviri.docx', 1536 * 1024), file('not.txt', 300)]} onRemove={() => {}} onChange={() => {}} />, { path: '/tr/hesabim' });
  expect(tr).toContain('multiple=""');
  expect(tr).toContain('aria-labelledby="d-text d-browse"');
  expect(text(tr)).toContain('Dosyaları buraya sürükleyip bırakın ya da Dosya seçin');
  expect(text(tr)).toContain('çeviri.docx 1,5 MB Kaldır');
  expect(text(tr)).toContain('not.txt 300 B Kaldır');
  expect(tr).toContain('aria-label="Kaldır: not.txt"');
  const own = render(<FileDrop id="o" multiple texts={{ label: 'Drop your documents', browse: 'Pick' }} onChange={() => {}} />, { path: '/en/order' });
  expect(text(own)).toBe('Drop your documents or Pick');
  expect(own).not.toContain('file-drop__files');
  expect(fileSize('en', 5 * 1024)).toBe('5 KB');
  expect(fileSize('en', undefined)).toBe('');
});
