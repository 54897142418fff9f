import { useEffect, useId, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GOODS_KEYWORD_MAX } from '@simshop/contracts';
import { goodsPageQuery, hotKeywordsQuery } from '../api/catalogue.api';
import { goodsListPath } from '../model/paths';
import { useSearchHistory } from '../model/search-history';
import { useDebouncedValue } from '../model/use-debounced';
import { useLang } from '../model/use-lang';
import { GoodsCards } from './goods-card';
import { InfiniteLoader } from './infinite-loader';
import { Empty, LoadError, Loading } from '../../../shared';
import './catalogue.css';

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Results({ term, onOpen }: { term: string; onOpen: () => void }) {
  const { t } = useTranslation('catalogue');
  const results = useInfiniteQuery(goodsPageQuery(useLang(), { order: 'default', keyWord: term }));
  if (results.isPending) return <Loading />;
  if (results.isError && !results.data)
    return <LoadError error={results.error} onRetry={() => void results.refetch()} />;
  const goods = results.data.pages.flatMap((p) => p.list);
  const total = results.data.pages[0]?.pagination.total ?? 0;
  if (goods.length === 0) return <Empty>{t('search.noResults', { keyword: term })}</Empty>;
  return (
    <section className="cat-search-results" aria-labelledby="search-results-head">
      <div className="cat-section-head">
        <h2 id="search-results-head" aria-live="polite">
          {t('search.results', { count: total, keyword: term })}
        </h2>
        <Link className="cat-more" to={goodsListPath({ keyWord: term })} onClick={onOpen}>
          {t('search.filterResults')}
        </Link>
      </div>
      {/* Opening a result counts as searching for the term: it goes into the history. */}
      <div onClickCapture={onOpen}>
        <GoodsCards goods={goods} />
      </div>
      <InfiniteLoader
        hasMore={results.hasNextPage}
        loading={results.isFetchingNextPage}
        error={results.isFetchNextPageError ? results.error : undefined}
        onLoadMore={() => void results.fetchNextPage()}
      />
    </section>
  );
}

/**
 * Goods search: hot keywords from the server, the visitor's own history (this browser only, clearable),
 * and results that follow the typing once it pauses for the spec's 100 ms.
 */
export function SearchView() {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('keyWord') ?? '');
  const term = useDebouncedValue(text.trim());
  const { history, add, clear } = useSearchHistory();
  const hot = useQuery(hotKeywordsQuery(lang));
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  // Keep the settled term in the address, so going back to the search shows the same results.
  // Only a new term writes it: the address may already belong to the page a result opened.
  const written = useRef(term);
  useEffect(() => {
    if (written.current === term) return;
    written.current = term;
    setParams(term ? { keyWord: term } : {}, { replace: true });
  }, [term, setParams]);

  const pick = (keyword: string) => {
    setText(keyword);
    add(keyword);
  };

  return (
    <div className="cat-search">
      <form
        className="cat-search-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          add(text);
          inputRef.current?.blur();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('search.label')}
        </label>
        <span className="cat-search-field">
          <SearchIcon />
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={GOODS_KEYWORD_MAX}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {text ? (
            <button
              type="button"
              className="cat-search-clear"
              aria-label={t('search.clearInput')}
              onClick={() => {
                setText('');
                inputRef.current?.focus();
              }}
            >
              ×
            </button>
          ) : null}
        </span>
        <button type="submit" className="cat-search-submit">
          {t('search.submit')}
        </button>
      </form>

      {term ? (
        <Results term={term} onOpen={() => add(term)} />
      ) : (
        <>
          {history.length > 0 ? (
            <section className="cat-section" aria-labelledby="search-history-head">
              <div className="cat-section-head">
                <h2 id="search-history-head">{t('search.history')}</h2>
                <button type="button" className="cat-link-button" onClick={clear}>
                  {t('search.clearHistory')}
                </button>
              </div>
              <ul className="cat-chips">
                {history.map((h) => (
                  <li key={h}>
                    <button type="button" className="cat-chip" onClick={() => pick(h)}>
                      {h}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="cat-section" aria-labelledby="search-hot-head">
            <div className="cat-section-head">
              <h2 id="search-hot-head">{t('search.hot')}</h2>
            </div>
            {hot.isError ? (
              <LoadError error={hot.error} onRetry={() => void hot.refetch()} />
            ) : hot.data && hot.data.length > 0 ? (
              <ul className="cat-chips">
                {hot.data.map((k, i) => (
                  <li key={k.id}>
                    <button
                      type="button"
                      className={`cat-chip${i < 3 ? ' cat-chip-hot' : ''}`}
                      onClick={() => pick(k.keyword)}
                    >
                      {k.keyword}
                    </button>
                  </li>
                ))}
              </ul>
            ) : hot.isPending ? (
              <Loading />
            ) : (
              <p className="cat-muted">{t('search.noHot')}</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
