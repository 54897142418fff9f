export {
  AddressListView,
  AddressSummary,
  ADDRESS_EDIT_PATH,
  addressEditPath,
} from './components/address-list';
export { AddressForm } from './components/address-form';
export { ADDRESS_KEY, addressListQuery, addressInfoQuery, useAddressActions } from './api/address.api';
export { validateAddress, splitPhone, EMPTY_DRAFT, type AddressDraft } from './model/address-form';
