import { defineTexts } from '../../lib/i18n.js';

// The live notices' words, shipped with the back office's chunk.
const bundles = {
  tr: {
    region: 'Canlı bildirimler',
    dismiss: 'Bildirimi kapat',
    count: '{{count}} yeni',
    title_one: 'Yeni bildirim',
    title_other: 'Yeni bildirim',
  },
  en: {
    region: 'Live notices',
    dismiss: 'Dismiss the notice',
    count: '{{count}} new',
    title_one: 'New notice',
    title_other: 'New notices',
  },
};

export const liveBundles = bundles;
export const useLiveTexts = defineTexts('staffLive', bundles);
