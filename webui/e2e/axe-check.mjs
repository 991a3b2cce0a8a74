// The accessibility check the browser tests share (issue 25): axe-core, the kept package in
// node_modules, evaluated in the page against WCAG 2.x levels A and AA. Only serious and critical
// violations are answered: those block or mislead a screen-reader or keyboard user, or make
// text unreadable, and the issue asks for none of them on any signed-in screen.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The script's text, evaluated in the page: the site's Content-Security-Policy (script-src
// 'self') rightly refuses an injected <script> (page.addScriptTag), while the DevTools protocol's
// evaluation is not the page's own script and is not subject to it.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// WCAG 2.0, 2.1 and 2.2 success criteria at A and AA; axe's best practices and AAA are not asked.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = ['serious', 'critical'];

/**
 * axeViolations runs axe on the page as it is now (evaluating axe once per document) and answers
 * its serious and critical violations: the rule, its impact, the help text and the CSS selectors
 * of at most five offending nodes, with the first node's failure summary.
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE);
  return page.evaluate(
    async ({ tags, blocking }) => {
      const { violations } = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return violations
        .filter((v) => blocking.includes(v.impact))
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          count: v.nodes.length,
          targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
          summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        }));
    },
    { tags: TAGS, blocking: BLOCKING },
  );
}

/** describeViolation is one violation as a line of a test's failure message. */
export function describeViolation(v) {
  return `${v.id} (${v.impact}, ${v.count}×): ${v.help} – ${v.targets.join(', ')}${v.summary ? ` – ${v.summary}` : ''}`;
}
