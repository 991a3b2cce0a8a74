import { useOutletContext } from 'react-router-dom';
import { BankAccounts } from '../../../features/translators/components/bank-accounts.jsx';

// The translator's bank accounts (svc-translators API.md): the IBANs their earnings are paid to.
export function Component() {
  const { title } = useOutletContext();
  return (
    <>
      <h1>{title}</h1>
      <BankAccounts />
    </>
  );
}
