// The layout check the layout tests share: run in a page (page.evaluate(layoutProblems)), it
// lists what does not fit. One copy, so the public pages' test and the signed-in pages' test
// judge by the same rules.

/**
 * layoutProblems runs in the page and describes what is wrong with its layout: elements whose
 * content is wider than their box while their overflow is visible (containers that scroll or
 * clip on purpose, such as a table's scroller, a visually hidden label or an ellipsis, and what
 * sits inside a visually hidden box, are left alone), the page scrolling sideways, and items of
 * a grid or flex list showing a marker.
 */
export function layoutProblems() {
  const describe = (el) => {
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean) : [];
    const text = el.textContent.trim().replace(/\s+/g, ' ');
    return `<${el.tagName.toLowerCase()}${classes.length ? ` class="${classes.join(' ')}"` : ''}> "${text.length > 50 ? `${text.slice(0, 50)}…` : text}"`;
  };
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  // Inside a visually hidden box (1 px wide, clipping: a stacked table's header row kept for
  // screen readers), nothing shows, so nothing there is out of its box.
  const insideHidden = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().width <= 1) return true;
    }
    return false;
  };
  const problems = [];

  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page scrolls sideways: ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);

  const overflowing = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el instanceof SVGElement || ['SCRIPT', 'STYLE', 'SELECT', 'OPTION', 'INPUT', 'TEXTAREA', 'BR'].includes(el.tagName)) continue;
    const style = getComputedStyle(el);
    // Inline boxes have no width of their own; their block ancestor shows their overflow.
    if (style.display === 'inline' || style.display === 'contents' || style.overflowX !== 'visible') continue;
    if (el.scrollWidth > el.clientWidth + 1 && shown(el) && !insideHidden(el)) overflowing.push(el);
  }
  // The innermost box that overflows names the culprit; its ancestors overflow because of it.
  for (const el of overflowing) {
    if (overflowing.some((other) => other !== el && el.contains(other))) continue;
    problems.push(`${describe(el)} is ${el.scrollWidth}px wide in a ${el.clientWidth}px box`);
  }

  for (const li of document.body.querySelectorAll('li')) {
    const style = getComputedStyle(li);
    if (style.display !== 'list-item' || !li.parentElement || !shown(li)) continue;
    const parent = getComputedStyle(li.parentElement).display;
    if (!/grid|flex/.test(parent)) continue;
    const marker = getComputedStyle(li, '::marker');
    if (style.listStyleType !== 'none' || style.listStyleImage !== 'none' || !['none', 'normal'].includes(marker.content)) {
      problems.push(`${describe(li)} shows a list marker (${style.listStyleType}) in a ${parent} list ${describe(li.parentElement).split('>')[0]}>`);
    }
  }
  return problems;
}
