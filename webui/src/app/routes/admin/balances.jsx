import { Balances } from '../../../features/staff/components/balances.jsx';
import { useMoneyTexts } from '../../../features/staff/money-texts.js';

/** Component is the back office's customer balances (DESIGN §11). */
export function Component() {
  const t = useMoneyTexts();
  return (
    <>
      <p className="lead">{t('balances.lead')}</p>
      <Balances />
    </>
  );
}
