import { expect, test } from 'vitest';
import { keepTitleNotice, noticeTitle } from './title-notice.js';

test('the title notice counts unread messages, survives the page setting its title and goes away', () => {
  expect(noticeTitle(2, 'Yeni mesaj', 'Canlı destek – Yönetim')).toBe('(2) Yeni mesaj – Canlı destek – Yönetim');
  expect(noticeTitle(3, 'Yeni mesaj', '(2) Yeni mesaj – Canlı destek – Yönetim')).toBe('(3) Yeni mesaj – Canlı destek – Yönetim');
  expect(noticeTitle(0, 'Yeni mesaj', '(2) Yeni mesaj – Canlı destek – Yönetim')).toBe('Canlı destek – Yönetim');
  const word = (n) => (n === 1 ? 'New notice' : 'New notices');
  expect(noticeTitle(1, word, 'Orders – Back office')).toBe('(1) New notice – Orders – Back office');
  expect(noticeTitle(4, word, '(1) New notice – Orders – Back office')).toBe('(4) New notices – Orders – Back office');

  let observed;
  class FakeObserver {
    constructor(f) {
      observed = f;
    }
    observe() {}
    disconnect() {
      observed = null;
    }
  }
  const doc = { title: 'Havaleler – Yönetim', head: {}, addEventListener() {}, removeEventListener() {} };
  let count = 2;
  const notice = keepTitleNotice(doc, 'New message', () => count, FakeObserver);
  expect(doc.title).toBe('(2) New message – Havaleler – Yönetim');
  doc.title = 'Audit log – Back office'; // the next page sets its own title
  observed();
  expect(doc.title).toBe('(2) New message – Audit log – Back office');
  count = 0;
  notice.update();
  expect(doc.title).toBe('Audit log – Back office');
  count = 1;
  notice.update();
  notice.stop();
  expect(doc.title).toBe('Audit log – Back office');
  expect(observed).toBe(null);
});
