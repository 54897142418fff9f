import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { CartView } from '../../features/cart';

/** /pages/index/shopping-cart (tab): the cart. */
export default function IndexShoppingCartPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.shoppingCart')} back={false} className="page-cart">
      <CartView />
    </Page>
  );
}
