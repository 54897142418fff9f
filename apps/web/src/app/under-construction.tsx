import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from './page';
import { ROUTES, type RouteDef } from './routes';

/**
 * Honest stand-in for a page whose feature arrives in a later issue: the right title and frame,
 * a plain statement that this part is being built, no made-up data.
 */
export function UnderConstruction({ path }: { path: RouteDef['path'] }) {
  const { t } = useTranslation();
  const route = ROUTES.find((r) => r.path === path);
  const title = t(`common:titles.${route?.title ?? 'home'}`);
  const isTab = route?.tab !== undefined;
  return (
    <Page title={title} back={!isTab}>
      <section className="page-status">
        <p>{t('common:underConstruction.body')}</p>
        <p>{t('common:underConstruction.hint')}</p>
        {isTab ? null : (
          <Link className="placeholder-link" to="/">
            {t('common:underConstruction.home')}
          </Link>
        )}
      </section>
    </Page>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:notFound.title')}>
      <section className="page-status">
        <p>{t('common:notFound.body')}</p>
        <Link className="placeholder-link" to="/">
          {t('common:notFound.home')}
        </Link>
      </section>
    </Page>
  );
}
