import { SPACES } from '../api/webhooks.js';
import { useWebhookTexts } from '../texts.js';

/**
 * SpaceSwitch chooses the space whose endpoints the panel shows: live or sandbox, a tablist of two
 * (the arrow keys, Home and End move between them, as WAI-ARIA's tabs do). Each tab controls the
 * panel `${idPrefix}-panel` and is `${idPrefix}-tab-<space>`, which the panel is labelled by.
 * onChoose(space) is called with the space picked.
 */
export function SpaceSwitch({ space, onChoose, idPrefix }) {
  const t = useWebhookTexts();
  function move(e) {
    const at = SPACES.indexOf(space);
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: SPACES.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = SPACES[(to + SPACES.length) % SPACES.length];
    onChoose(next);
    e.currentTarget.parentElement.querySelector(`[data-space="${next}"]`)?.focus();
  }
  return (
    <div className="webhooks-spaces" role="tablist" aria-label={t('space.label')} data-testid="space-switch">
      {SPACES.map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${s}`}
          aria-selected={s === space}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={s === space ? 0 : -1}
          className={`webhooks-spaces__tab webhooks-spaces__tab--${s}`}
          onClick={() => s !== space && onChoose(s)}
          onKeyDown={move}
          data-space={s}
        >
          {t(`space.${s}.tab`)}
        </button>
      ))}
    </div>
  );
}
