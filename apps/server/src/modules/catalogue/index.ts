// The catalogue module's public face: what other modules and the seed may use. Routes and the picture
// route are mounted by modules/index.ts.
export * from './catalogue.service';
export * from './catalogue-reviews.service';
export * from './catalogue-stock.service';
export * from './catalogue-admin.service';
export * from './catalogue-admin-lists.service';
export { goodsTag, invalidateGoods } from './catalogue.cache';
export * from './catalogue.destinations';
export * from './catalogue.artwork';
export { formatDataMb, maskNickname, planSpecName } from './catalogue.text';
// reads and stock moves that cart, coupon and order build on, and the writes the seed needs
export {
  findGoods,
  findGoodsForSale,
  findGoodsTypes,
  findSaleType,
  findSaleTypeByCode,
  findSpec,
  insertGoodsType,
  refreshMinPrice,
  // the partner sync (simcard) adds and reprices the specs sold as its packages
  insertSpec,
  updateSpec,
  type GoodsForSale,
  type GoodsRow,
  type GoodsTypeRow,
  type SaleTypeRow,
  type SpecRow,
} from './catalogue.repository';
export { returnStock, takeStock } from './catalogue-stock.repository';
export {
  destinationCodesOf,
  goodsOfSaleTypeCovering,
  goodsPayTerms,
  specsOfPackage,
  specsSoldAs,
  topUpGoodsCovering,
} from './catalogue-lookups.repository';
export { insertGoodsComment } from './catalogue-reviews.repository';
export { esimDevices, seedEsimDevices } from './catalogue-devices.service';
export { lowStockSpecs } from './catalogue.stats';
export { catalogueFirstScreen, destinationsCall } from './catalogue.first-screen';
export { plansOnSale, type PlanOnSale } from './catalogue-plans.service';
