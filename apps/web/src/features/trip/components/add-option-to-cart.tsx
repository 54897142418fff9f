import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TripOption } from '@simshop/contracts';
import { loginUrl } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { toast, toastError } from '../../../shared';
import { useAddToCart } from '../../cart';
import { tripCartLines } from '../model/trip-cart';

const CART_PATH = '/pages/index/shopping-cart';

/**
 * "Add all to cart" under a proposal: every eSIM of it in one tap (its spec, as many as the proposal installs),
 * then the cart. Its top-ups cannot go with them (a top-up names the card it tops up, which the buyer does
 * not have yet): the button says so before the tap, and the toast after it.
 */
export function AddOptionToCart({ option }: { option: TripOption }) {
  const { t } = useTranslation('trip');
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutateAsync: addLine } = useAddToCart();
  const [busy, setBusy] = useState(false);
  const { lines, topups } = tripCartLines(option);
  if (lines.length === 0) return null;

  const addAll = async () => {
    // the trip stays in the address: back from login, the same proposals and one more tap
    if (!isLoggedIn) return void navigate(loginUrl(location.pathname + location.search));
    setBusy(true);
    let added = 0;
    try {
      // one after the other: two adds of the same spec would race for its one cart line
      for (const line of lines) {
        await addLine({ specId: line.specId, quantity: line.quantity });
        added += 1;
      }
    } catch (err) {
      const left = lines.slice(added).map((l) => l.title);
      toastError(err, t('cart.failed', { plans: left.join(', ') }));
      setBusy(false);
      return;
    }
    const count = lines.reduce((n, l) => n + l.quantity, 0);
    toast(
      topups > 0 ? t('cart.addedWithoutTopups', { count, topups }) : t('cart.added', { count }),
      'success',
    );
    void navigate(CART_PATH);
  };

  return (
    <div className="trip-cart">
      <button type="button" className="trip-primary" disabled={busy} onClick={() => void addAll()}>
        {t('cart.addAll')}
      </button>
      {topups > 0 ? (
        <p className="trip-note" data-testid="trip-topups-left">
          {t('cart.topupsLater', { count: topups })}
        </p>
      ) : null}
    </div>
  );
}
