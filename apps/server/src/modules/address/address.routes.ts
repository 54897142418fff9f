import {
  address,
  addressAddRequest,
  addressDeleteRequest,
  addressDeleteResponse,
  addressListRequest,
  addressListResponse,
  addressPageRequest,
  addressPageResponse,
  addressUpdateRequest,
  idQuery,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { userIdOf } from '../../platform/auth';
import {
  addAddress,
  addressInfo,
  addressPage,
  changeAddress,
  defaultAddress,
  listAddresses,
  removeAddresses,
} from './address.service';

const tags = ['address'];

/** The logged-in user's shipping addresses: the generic calls and the default one. */
export const addressRoutes = defineRoutes('app/user/address', (r, ctx) => {
  const c = calls(r, { tags, auth: 'user' });
  c.post('/list', { body: addressListRequest.optional(), data: addressListResponse }, (req) =>
    listAddresses(ctx, userIdOf(req), req.locale),
  );
  c.post('/page', { body: addressPageRequest, data: addressPageResponse }, (req) =>
    addressPage(ctx, userIdOf(req), req.body, req.locale),
  );
  c.get('/info', { query: idQuery, data: address }, (req) =>
    addressInfo(ctx, userIdOf(req), req.query.id, req.locale),
  );
  c.get('/default', { data: address.nullable() }, (req) => defaultAddress(ctx, userIdOf(req), req.locale));
  c.post('/add', { body: addressAddRequest, data: address }, (req) =>
    addAddress(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/update', { body: addressUpdateRequest, data: address }, (req) =>
    changeAddress(ctx, userIdOf(req), req.body, req.locale),
  );
  c.post('/delete', { body: addressDeleteRequest, data: addressDeleteResponse }, (req) =>
    removeAddresses(ctx, userIdOf(req), req.body.ids),
  );
});
