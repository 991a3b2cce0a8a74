import { PriceList } from '../../../features/staff/components/prices.jsx';

/** Component is the back office's price list editor (DESIGN §11). */
export function Component() {
  return <PriceList />;
}
