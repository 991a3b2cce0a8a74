import { StatusPill } from '../../../components/status-pill.jsx';
import { useStaffTexts } from '../texts.js';

/** isSandbox says whether svc-orders or svc-billing marked a record as made with a sandbox API key. */
export const isSandbox = (record) => record?.sandbox === true;

/**
 * SandboxBadge marks a sandbox order, quote or invoice in a list row or a detail header: the
 * state pill's shape (neutral, dashed, apart from the states' colours), its title saying what
 * sandbox means. Nothing for a live record.
 */
export function SandboxBadge({ record }) {
  const t = useStaffTexts();
  if (!isSandbox(record)) return null;
  return <StatusPill tone="neutral" label={t('sandbox.badge')} title={t('sandbox.title')} className="staff-sandbox-badge" testid="sandbox-badge" />;
}

/** SandboxNote says under a sandbox record's header what its badge's title says, for those who cannot hover. */
export function SandboxNote({ record }) {
  const t = useStaffTexts();
  if (!isSandbox(record)) return null;
  return (
    <p className="staff-sandbox-note" data-testid="sandbox-note">
      {t('sandbox.title')}
    </p>
  );
}
