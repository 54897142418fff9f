import { TRIP_DESTINATIONS_LIMIT, type Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { t } from '../../platform/messages';
import type { FirstScreen, FirstScreenCall } from '../../platform/static';
import { destinationsCall, plansOnSale } from '../catalogue';

/** The spec's desktop landing page (issue 27). */
export const WEBSITE_PAGE = '/pages/index/website';
/** The trip planner's page (issue 27). */
export const TRIP_PLANNER_PAGE = '/pages/goods/trip';

/** The destinations the planner offers (apps/web features/trip tripDestinationsQuery): its first call. */
const plannerDestinations = (ctx: AppContext, locale: Locale): Promise<FirstScreenCall> =>
  destinationsCall(ctx, locale, { limit: TRIP_DESTINATIONS_LIMIT });

/**
 * The trip planner's first screen: its choice of destinations, and (first-load.json) its code named in the
 * page's head (issue 27: the planner's text waited for the app's code to ask for the page's code). A trip
 * in the address is planned by the app.
 */
export async function tripPlannerFirstScreen(ctx: AppContext, locale: Locale): Promise<FirstScreen> {
  return { calls: [await plannerDestinations(ctx, locale)], image: null };
}

/** Minor units -> the decimal string schema.org expects ("129", "129.5"). */
const major = (minor: number) => String(minor / 100);

/**
 * What the desktop landing page tells search engines before any script runs: its title and description in
 * the visitor's language, and the eSIM plans on sale as schema.org Products, each with an AggregateOffer of
 * its specs' prices; and the destinations it lists beside the planner.
 */
export async function websiteFirstScreen(ctx: AppContext, locale: Locale): Promise<FirstScreen> {
  const destinations = plannerDestinations(ctx, locale);
  const byGoods = new Map<number, { title: string; prices: number[] }>();
  for (const p of await plansOnSale(ctx, locale)) {
    if (p.kind !== 'esim') continue;
    const g = byGoods.get(p.goodsId) ?? { title: p.title, prices: [] };
    g.prices.push(p.price);
    byGoods.set(p.goodsId, g);
  }
  const products = [...byGoods].map(([id, g], i) => ({
    '@type': 'ListItem',
    position: i + 1,
    item: {
      '@type': 'Product',
      name: g.title,
      url: `${ctx.config.publicUrl}/pages/goods/detail?id=${id}`,
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: ctx.config.currency,
        lowPrice: major(Math.min(...g.prices)),
        highPrice: major(Math.max(...g.prices)),
        offerCount: g.prices.length,
        availability: 'https://schema.org/InStock',
      },
    },
  }));
  return {
    calls: [await destinations],
    image: null,
    head: {
      title: t(locale, 'website.title'),
      description: t(locale, 'website.description'),
      jsonLd: { '@context': 'https://schema.org', '@type': 'ItemList', itemListElement: products },
    },
  };
}
