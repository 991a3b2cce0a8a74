// Both languages of the common namespace at once, for what renders either language at any time:
// the prerenderer (entry-server.jsx) and the tests (vitest's setup file). The browser loads only
// the page's language (lib/i18n.js loadCommonTexts), so this module is never in its bundle.
import { addCommonTexts, registerTexts } from '../lib/i18n.js';
import { texts as tr } from './common.tr.js';
import { texts as en } from './common.en.js';

export const common = { tr, en };

addCommonTexts('tr', tr);
addCommonTexts('en', en);
registerTexts('common', common);
