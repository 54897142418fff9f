import { Suspense, useCallback, useEffect, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  DEFAULT_CART_QUANTITY,
  GOODS_TYPE_PHYSICAL,
  TOAST_DURATION_MS,
  type DescriptionBlock,
  type GoodsDetail,
  type GoodsSpec,
} from '@simshop/contracts';
import { useAfterLoad } from '../../../lib/idle';
import { loginUrl } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useAddToCart } from '../../cart';
import { confirmRightPlan } from '../../trip';
import { commentPageQuery, commentSummaryQuery, goodsDetailQuery } from '../api/catalogue.api';
import { goodsIdOf } from '../api/prefetch';
import { useRefresh } from '../api/refresh';
import { CART_PATH, buyNowPath, goodsCommentPath, goodsDetailPath } from '../model/paths';
import { useLang } from '../model/use-lang';
import { useShownOnce } from '../model/use-shown-once';
import { CommentItem } from './comment-item';
import { CoverageSheet, loadCoverageSheet, loadSpecPicker, SpecPicker } from './lazy-parts';
import { EsimDevicesLink } from './esim-devices-view';
import { PlanCards } from './plan-cards';
import { arePlans } from '../model/plans';
import { GoodsVideo } from './goods-video';
import { Picture } from './picture';
import { PictureGallery } from './picture-gallery';
import { Price } from './price';
import { RatingStars } from './rating-stars';
import { ShareButton } from './share-button';
import { formatMoney, LoadError, Loading, showToast, toastError } from '../../../shared';
import './catalogue.css';
import './storefront.css';

const PREVIEW_COMMENTS = 2;

/** The goods id of the detail page's address (`?id=`), or null. */
export function useGoodsIdParam(name = 'id'): number | null {
  const [params] = useSearchParams();
  return goodsIdOf(params, name);
}

/** Pull-to-refresh of the detail page: the goods, its review summary and the reviews shown. */
export function useGoodsDetailRefresh(id: number | null) {
  const lang = useLang();
  const safe = id ?? 0;
  return useRefresh(
    id === null
      ? []
      : [
          { queryKey: goodsDetailQuery(lang, safe).queryKey },
          { queryKey: commentSummaryQuery(lang, safe).queryKey },
          { queryKey: commentPageQuery(lang, safe, {}, PREVIEW_COMMENTS).queryKey, infinite: true },
        ],
  );
}

function Description({ blocks }: { blocks: DescriptionBlock[] }) {
  return (
    <div className="cat-description">
      {blocks.map((b, i) =>
        b.type === 'heading' ? (
          <h3 key={i}>{b.text}</h3>
        ) : b.type === 'paragraph' ? (
          <p key={i}>{b.text}</p>
        ) : b.type === 'list' ? (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <Picture key={i} className="cat-description-img" src={b.url} alt={b.alt ?? ''} />
        ),
      )}
    </div>
  );
}

function Media({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation('catalogue');
  const [mode, setMode] = useState<'video' | 'pictures'>('pictures');
  const pictures = goods.pictures.length > 0 ? goods.pictures : goods.mainPic ? [goods.mainPic] : [];
  return (
    <div className="cat-media">
      {mode === 'video' && goods.video ? (
        <GoodsVideo
          src={goods.video}
          poster={pictures[0]}
          title={t('detail.videoOf', { title: goods.title })}
        />
      ) : (
        <PictureGallery pictures={pictures} title={goods.title} />
      )}
      {goods.video ? (
        <div className="cat-media-switch" role="group" aria-label={t('detail.media')}>
          <button type="button" aria-pressed={mode === 'video'} onClick={() => setMode('video')}>
            {t('detail.video')}
          </button>
          <button type="button" aria-pressed={mode === 'pictures'} onClick={() => setMode('pictures')}>
            {t('detail.pictures')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function ReviewSummary({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  // below the plan: asked for once the page has loaded, not beside its largest paint (issue 27)
  const loaded = useAfterLoad();
  const summary = useQuery({ ...commentSummaryQuery(lang, goodsId), enabled: loaded });
  const preview = useInfiniteQuery({
    ...commentPageQuery(lang, goodsId, {}, PREVIEW_COMMENTS),
    enabled: loaded,
  });
  const comments = preview.data?.pages[0]?.list ?? [];
  const s = summary.data;
  return (
    <section className="cat-detail-card" aria-labelledby="detail-reviews">
      <div className="cat-section-head">
        <h2 id="detail-reviews">{t('reviews.title', { count: s?.count ?? 0 })}</h2>
        <Link className="cat-more" to={goodsCommentPath(goodsId)}>
          {t('reviews.all')}
        </Link>
      </div>
      {summary.isError ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : s && s.count > 0 ? (
        <>
          <p className="cat-review-score">
            <strong>{s.average.toFixed(1)}</strong>
            <RatingStars value={s.average} />
            <span className="cat-muted">{t('reviews.withPicturesCount', { count: s.withPictures })}</span>
          </p>
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} />
          ))}
        </>
      ) : s ? (
        <p className="cat-muted">{t('reviews.none')}</p>
      ) : (
        <Loading />
      )}
    </section>
  );
}

function Coverage({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation('catalogue');
  const [open, setOpen] = useState(false);
  const sheet = useShownOnce(open, loadCoverageSheet);
  const flags = useAfterLoad(); // below the fold: fetched once the page has loaded
  if (goods.coverage.length === 0) return null;
  const countries = goods.coverageCountries;
  return (
    <section className="cat-detail-card" aria-labelledby="detail-coverage">
      <h2 id="detail-coverage">{t('detail.coverage', { count: goods.coverage.length })}</h2>
      <ul className="cat-coverage">
        {goods.coverage.map((d) => (
          <li key={d.code}>
            <Picture className="cat-flag-sm" src={flags ? d.flag : null} alt="" />
            <span>{d.name}</span>
          </li>
        ))}
      </ul>
      {countries.length > 0 ? (
        <button
          type="button"
          className="cat-coverage-chip"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          {countries.length > 1
            ? t('coverageList.open', { count: countries.length })
            : t('coverageList.openOne')}
          <span aria-hidden="true">&nbsp;›</span>
        </button>
      ) : null}
      {sheet ? (
        <Suspense fallback={null}>
          <CoverageSheet visible={open} countries={countries} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** What a visitor tapped before login, kept across the login redirect (this tab only, for ten minutes). */
type Intent = { goodsId: number; specId: number | null; action: 'add' | 'buy'; at: number };
const INTENT_KEY = 'goodsIntent';
const INTENT_TTL_MS = 10 * 60_000;

function rememberIntent(intent: Omit<Intent, 'at'>) {
  try {
    sessionStorage.setItem(INTENT_KEY, JSON.stringify({ ...intent, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the visitor taps again after login.
  }
}

/** The remembered intent for this goods, removed as it is read; null when there is none or it is stale. */
function takeIntent(goodsId: number): Intent | null {
  try {
    const raw = sessionStorage.getItem(INTENT_KEY);
    if (!raw) return null;
    const intent = JSON.parse(raw) as Intent;
    if (intent.goodsId !== goodsId) return null;
    sessionStorage.removeItem(INTENT_KEY);
    return Date.now() - intent.at < INTENT_TTL_MS ? intent : null;
  } catch {
    return null;
  }
}

/**
 * Goods detail: pictures (preview zooms 1-4) and video, price, spec picker with price and stock, destinations
 * covered, pay ways, review summary, share, and add to cart / buy now, both behind login.
 */
export function GoodsDetailView({ id }: { id: number }) {
  const { t, i18n } = useTranslation('catalogue');
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { isLoggedIn } = useSession();
  const detail = useQuery(goodsDetailQuery(lang, id));
  const addToCart = useAddToCart();
  const [picker, setPicker] = useState(false);
  const pickerShown = useShownOnce(picker, loadSpecPicker);

  const { mutate: addLine } = addToCart;
  const addSpec = useCallback(
    (specId: number) =>
      addLine(
        { specId, quantity: DEFAULT_CART_QUANTITY },
        {
          onSuccess: (res) => {
            setPicker(false);
            // Capped at the stock: the server's notice says how many the cart now holds.
            const capped = res?.capped && res.notice;
            showToast({
              content: capped ? res.notice : t('detail.added'),
              icon: capped ? undefined : 'success',
              duration: TOAST_DURATION_MS,
            });
          },
          onError: (err) => toastError(err, t('detail.addFailed')),
        },
      ),
    [addLine, t],
  );

  // Back from login: carry out the "add to cart" or "buy now" the visitor tapped before it (issue 12).
  const goods = detail.data;
  useEffect(() => {
    if (!isLoggedIn || !goods) return;
    const intent = takeIntent(id);
    if (!intent) return;
    const spec = goods.specs.find((s) => s.id === intent.specId);
    if (!spec || spec.soldOut) setPicker(true);
    else if (intent.action === 'add') addSpec(spec.id);
    else void navigate(buyNowPath(spec.id, DEFAULT_CART_QUANTITY), { replace: true });
    // Acts once, when the goods has loaded for a logged-in user: the intent is removed as it is read, so a
    // re-run (a new addSpec or navigate) finds none.
  }, [isLoggedIn, goods, id, addSpec, navigate]);

  if (detail.isPending) return <Loading />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!goods) return <Loading />;
  const specId = Number(params.get('specId')) || null;
  // a top-up opened from a SIM card: the card's ICCID goes on into the order (needFillCard goods)
  const iccid = params.get('iccid');
  const selected = goods.specs.find((s) => s.id === specId) ?? null;

  // the trip's days, when the plan was opened from the trip planner (issue 27): the wrong-plan check uses them
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const select = (spec: GoodsSpec) =>
    setParams(
      {
        id: String(id),
        specId: String(spec.id),
        ...(iccid ? { iccid } : {}),
        ...(from && to ? { from, to } : {}),
      },
      { replace: true },
    );
  /** Never the wrong plan (issue 27): the buyer confirms a confusable or home country, or a short plan. */
  const confirmed = (spec: GoodsSpec, go: () => void) =>
    void confirmRightPlan({ goodsId: id, specId: spec.id, from, to }).then((ok) => ok && go());
  /** Both actions need an account: a visitor goes to login and comes back here, the spec still chosen. */
  const requireLogin = (action?: Intent['action']) => {
    if (isLoggedIn) return true;
    if (action) rememberIntent({ goodsId: id, specId: selected?.id ?? null, action });
    void navigate(
      loginUrl(selected ? goodsDetailPath(id, selected.id) : location.pathname + location.search),
    );
    return false;
  };
  const add = (spec: GoodsSpec) =>
    confirmed(spec, () => {
      if (!requireLogin('add')) return;
      addSpec(spec.id);
    });
  const buy = (spec: GoodsSpec) =>
    confirmed(spec, () => {
      if (!requireLogin('buy')) return;
      void navigate(buyNowPath(spec.id, DEFAULT_CART_QUANTITY, iccid));
    });
  /** From the bar: with a spec chosen act at once, otherwise open the picker first (visitors log in first). */
  const act = (action: (spec: GoodsSpec) => void) => {
    // a chosen plan is confirmed (wrong-plan check) before a visitor is sent to login, so once back the
    // remembered intent is carried out without asking again
    if (selected && !selected.soldOut) action(selected);
    else if (requireLogin(action === add ? 'add' : 'buy')) setPicker(true);
  };

  const physical = goods.goodsType === GOODS_TYPE_PHYSICAL;
  const shareUrl = `${window.location.origin}${goodsDetailPath(id)}`;
  return (
    <div className="cat-detail">
      <Media goods={goods} />

      <section className="cat-detail-card cat-detail-main" aria-labelledby="detail-title">
        <div className="cat-detail-price">
          {selected ? (
            <Price
              amount={selected.price}
              currency={selected.currency}
              original={selected.originalPrice}
              size="lg"
            />
          ) : (
            <Price
              amount={goods.minPrice}
              currency={goods.currency}
              original={goods.originalPrice}
              from={goods.specs.length > 1}
              size="lg"
            />
          )}
          <span className="cat-muted">{t('sales', { count: goods.sales })}</span>
        </div>
        <div className="cat-detail-titlerow">
          <h2 id="detail-title" className="cat-detail-title">
            {goods.title}
          </h2>
          <ShareButton title={goods.title} text={goods.subtitle ?? undefined} url={shareUrl} />
        </div>
        {goods.subtitle ? <p className="cat-detail-subtitle">{goods.subtitle}</p> : null}
        <ul className="cat-tags">
          <li className="cat-tag">{goods.saleType.name}</li>
          {goods.soldOut ? <li className="cat-tag cat-tag-soldout">{t('soldOut')}</li> : null}
          {goods.supportPointDiscount ? <li className="cat-tag cat-tag-info">{t('detail.points')}</li> : null}
          {goods.needFillCard ? <li className="cat-tag cat-tag-info">{t('detail.needFillCard')}</li> : null}
        </ul>
      </section>

      {arePlans(goods.specs) ? (
        <PlanCards
          specs={goods.specs}
          activation={goods.activation}
          selectedId={selected?.id ?? null}
          onSelect={select}
        />
      ) : null}

      <section className="cat-detail-card" aria-label={t('detail.options')}>
        <button
          type="button"
          className="cat-detail-row"
          aria-haspopup="dialog"
          onClick={() => setPicker(true)}
        >
          <span className="cat-detail-row-label">{t('spec.label')}</span>
          <span className="cat-detail-row-value">
            {selected
              ? `${selected.name} · ${selected.soldOut ? t('soldOut') : t('spec.stock', { count: selected.stock })}`
              : t('spec.choose')}
          </span>
          <span aria-hidden="true" className="cat-chevron">
            ›
          </span>
        </button>
        {physical ? (
          <p className="cat-detail-row">
            <span className="cat-detail-row-label">{t('detail.shipping')}</span>
            <span className="cat-detail-row-value">
              {goods.freight > 0
                ? formatMoney(goods.freight, goods.currency, i18n.language)
                : t('detail.freeShipping')}
            </span>
          </p>
        ) : (
          <p className="cat-detail-row">
            <span className="cat-detail-row-label">{t('detail.delivery')}</span>
            <span className="cat-detail-row-value">{t('detail.virtual')}</span>
          </p>
        )}
        {goods.saleType.code === 'esim' ? (
          <p className="cat-detail-row">
            <span className="cat-detail-row-label">{t('detail.refundLabel')}</span>
            <span className="cat-detail-row-value">{t('detail.refundRule')}</span>
          </p>
        ) : null}
        {goods.saleType.code === 'esim' ? <EsimDevicesLink /> : null}
      </section>

      <Coverage goods={goods} />

      {goods.payWays.length > 0 ? (
        <section className="cat-detail-card" aria-labelledby="detail-pay">
          <h2 id="detail-pay">{t('detail.payWays')}</h2>
          <ul className="cat-tags">
            {goods.payWays.map((p) => (
              <li key={p} className="cat-tag cat-tag-pay">
                {t(`common:payWays.${p}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ReviewSummary goodsId={id} />

      {goods.description.length > 0 ? (
        <section className="cat-detail-card" aria-labelledby="detail-description">
          <h2 id="detail-description">{t('detail.description')}</h2>
          <Description blocks={goods.description} />
        </section>
      ) : null}

      <div className="cat-actionbar" role="group" aria-label={t('detail.actions')}>
        <Link className="cat-actionbar-cart" to={CART_PATH}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M2.5 3.5h2.6l2.2 11.2a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8l1.6-7.7H6"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <circle cx="9" cy="19.5" r="1.5" fill="currentColor" />
            <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
          </svg>
          <span>{t('detail.cart')}</span>
        </Link>
        <button
          type="button"
          className="cat-button cat-button-warm"
          disabled={goods.soldOut || addToCart.isPending}
          onClick={() => act(add)}
        >
          {t('detail.addToCart')}
        </button>
        <button
          type="button"
          className="cat-button cat-button-primary"
          disabled={goods.soldOut}
          onClick={() => act(buy)}
        >
          {goods.soldOut ? t('soldOut') : t('detail.buyNow')}
        </button>
      </div>

      {pickerShown ? (
        <Suspense fallback={null}>
          <SpecPicker
            visible={picker}
            title={goods.title}
            picture={goods.mainPic}
            specs={goods.specs}
            selectedId={selected?.id ?? null}
            onSelect={select}
            onClose={() => setPicker(false)}
            onAddToCart={add}
            onBuyNow={buy}
            busy={addToCart.isPending}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
