import { Route, Routes } from 'react-router';
import { NotFound } from '../../shared/ui/NotFound';
import { ChargePage } from './ChargePage';
import { CheckoutReturnPage } from './CheckoutReturnPage';
import { TestCheckoutPage } from './TestCheckoutPage';
import './billing.css';

/** /charge and its checkout pages, one lazy chunk. */
export default function ChargeRoutes() {
  return (
    <Routes>
      <Route index element={<ChargePage />} />
      <Route path="test-checkout/:id" element={<TestCheckoutPage />} />
      <Route path="return" element={<CheckoutReturnPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
