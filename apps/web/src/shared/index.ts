// What every feature and page may use: the states of a query, money formatting and toasts. Depends on lib only,
// never on a feature or a page (lint checks it).
export { Empty, LoadError, Loading } from './ui/query-state';
export {
  DEFAULT_CURRENCY,
  currencyDigits,
  formatMoney,
  formatUnitPrice,
  toMajorInput,
  toMinor,
} from './money';
export { errorCode, errorMessage, toast, toastError } from './toast';
export { confirmDialog, showToast } from './overlays';
export { PicturePicker, type PicturePickerLabels } from './ui/picture-picker';
