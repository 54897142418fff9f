export { HomeFeed } from './components/home-feed';
export { CategoryView } from './components/category-view';
export { SearchView } from './components/search-view';
export { GoodsListView, useGoodsListFilters, useGoodsListRefresh } from './components/goods-list-view';
export { GoodsDetailView, useGoodsIdParam, useGoodsDetailRefresh } from './components/goods-detail-view';
export { CommentListView } from './components/comment-list-view';
export { SpecPicker, SpecPickerPanel, type SpecPickerProps } from './components/spec-picker';
export { GoodsCards, GoodsCardItem } from './components/goods-card';
export { Price, type PriceProps } from './components/price';
export {
  filtersFromSearch,
  filtersToSearch,
  toPageRequest,
  chooseSort,
  type GoodsListFilters,
  type GoodsQueryParams,
} from './model/goods-filters';
export {
  GOODS_DETAIL_PATH,
  GOODS_LIST_PATH,
  GOODS_SEARCH_PATH,
  GOODS_COMMENT_PATH,
  goodsDetailPath,
  goodsListPath,
  goodsCommentPath,
  buyNowPath,
  topUpPath,
} from './model/paths';
export {
  useSearchHistory,
  addSearchHistory,
  clearSearchHistory,
  SEARCH_HISTORY_KEY,
} from './model/search-history';
export {
  homeFeedQuery,
  goodsTypesQuery,
  goodsPageQuery,
  goodsDetailQuery,
  commentPageQuery,
  commentSummaryQuery,
  hotKeywordsQuery,
} from './api/catalogue.api';
export { prefetchCategory, prefetchGoodsDetail, prefetchGoodsList, prefetchHomeFeed } from './api/prefetch';
export { EsimDevicesView, EsimDevicesLink } from './components/esim-devices-view';
export { ESIM_DEVICES_PATH } from './model/paths';
