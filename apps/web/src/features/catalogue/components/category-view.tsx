import { useEffect, useId, useMemo } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { findType, shownType, type GoodsTypeNode } from '@simshop/contracts';
import { goodsPageQuery, goodsTypesQuery } from '../api/catalogue.api';
import { goodsListPath } from '../model/paths';
import { useLang } from '../model/use-lang';
import { GoodsCards } from './goods-card';
import { InfiniteLoader } from './infinite-loader';
import { Picture } from './picture';
import { Empty, LoadError, Loading } from '../../../shared';
import './catalogue.css';

/** The top-level type holding this id (itself when it is top-level). */
function rootOf(nodes: GoodsTypeNode[], id: number): GoodsTypeNode | undefined {
  return nodes.find((n) => n.id === id || findType(n.children ?? [], id));
}

function TypeGoods({ type }: { type: GoodsTypeNode }) {
  const { t } = useTranslation('catalogue');
  const list = useInfiniteQuery(goodsPageQuery(useLang(), { order: 'default', typeId: type.id }));
  if (list.isPending) return <Loading />;
  if (list.isError && !list.data) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const goods = list.data.pages.flatMap((p) => p.list);
  if (goods.length === 0) return <Empty>{t('category.empty')}</Empty>;
  return (
    <>
      <GoodsCards goods={goods} layout="row" />
      <InfiniteLoader
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        error={list.isFetchNextPageError ? list.error : undefined}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}

/** Category tab: the top-level goods types on the left; the chosen type's sub-types and goods on the right. */
export function CategoryView() {
  const { t } = useTranslation('catalogue');
  const types = useQuery(goodsTypesQuery(useLang()));
  const [params, setParams] = useSearchParams();
  const tablistId = useId();
  const tree = useMemo(() => types.data ?? [], [types.data]);
  const wanted = Number(params.get('typeId')) || undefined;
  const selected = shownType(tree, wanted);
  const root = selected ? rootOf(tree, selected.id) : undefined;

  // An unknown typeId in the address falls back to the first type; keep the address honest.
  useEffect(() => {
    if (wanted !== undefined && tree.length > 0 && !findType(tree, wanted)) setParams({}, { replace: true });
  }, [wanted, tree, setParams]);

  if (types.isPending) return <Loading />;
  if (types.isError) return <LoadError error={types.error} onRetry={() => void types.refetch()} />;
  if (!selected || !root) return <Empty>{t('category.none')}</Empty>;

  const choose = (id: number) => setParams({ typeId: String(id) }, { replace: true });
  const subTypes = root.children ?? [];
  return (
    <div className="cat-category">
      <div
        className="cat-category-side"
        role="tablist"
        aria-orientation="vertical"
        aria-label={t('category.types')}
        id={tablistId}
      >
        {tree.map((n) => (
          <button
            key={n.id}
            type="button"
            role="tab"
            id={`${tablistId}-${n.id}`}
            aria-selected={n.id === root.id}
            aria-controls={`${tablistId}-panel`}
            tabIndex={n.id === root.id ? 0 : -1}
            className="cat-category-tab"
            onClick={() => choose(n.id)}
            onKeyDown={(e) => {
              const i = tree.findIndex((x) => x.id === n.id);
              const next =
                e.key === 'ArrowDown' ? tree[i + 1] : e.key === 'ArrowUp' ? tree[i - 1] : undefined;
              if (!next) return;
              e.preventDefault();
              choose(next.id);
              document.getElementById(`${tablistId}-${next.id}`)?.focus();
            }}
          >
            {n.name}
          </button>
        ))}
      </div>
      <div
        className="cat-category-main"
        role="tabpanel"
        id={`${tablistId}-panel`}
        aria-labelledby={`${tablistId}-${root.id}`}
      >
        <div className="cat-section-head">
          <h2>{selected.name}</h2>
          <Link className="cat-more" to={goodsListPath({ typeId: selected.id })}>
            {t('category.filterAll')}
          </Link>
        </div>
        {subTypes.length > 0 ? (
          <ul className="cat-subtypes" aria-label={t('category.subTypes')}>
            <li>
              <button
                type="button"
                className="cat-subtype"
                aria-pressed={selected.id === root.id}
                onClick={() => choose(root.id)}
              >
                <svg className="cat-subtype-icon" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
                  <rect width="32" height="32" rx="8" fill="#e6effc" />
                  <g fill="#0958d9">
                    <rect x="8" y="8" width="7" height="7" rx="2" />
                    <rect x="17" y="8" width="7" height="7" rx="2" />
                    <rect x="8" y="17" width="7" height="7" rx="2" />
                    <rect x="17" y="17" width="7" height="7" rx="2" />
                  </g>
                </svg>
                <span className="cat-subtype-name">{t('category.allOf')}</span>
              </button>
            </li>
            {subTypes.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="cat-subtype"
                  aria-pressed={selected.id === s.id}
                  onClick={() => choose(s.id)}
                >
                  {s.icon ? <Picture className="cat-subtype-icon" src={s.icon} alt="" /> : null}
                  <span className="cat-subtype-name">{s.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <TypeGoods key={selected.id} type={selected} />
      </div>
    </div>
  );
}
