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
  envelope,
  idQuery,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
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
const auth = { auth: 'user' as const };

/** The logged-in user's shipping addresses: the generic calls and the default one. */
export const addressRoutes = defineRoutes('app/user/address', (r, ctx) => {
  r.post(
    '/list',
    {
      schema: { tags, body: addressListRequest.optional(), response: { 200: envelope(addressListResponse) } },
      config: auth,
    },
    async (req) => ok(await listAddresses(ctx, userIdOf(req), req.locale)),
  );
  r.post(
    '/page',
    {
      schema: { tags, body: addressPageRequest, response: { 200: envelope(addressPageResponse) } },
      config: auth,
    },
    async (req) => ok(await addressPage(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.get(
    '/info',
    { schema: { tags, querystring: idQuery, response: { 200: envelope(address) } }, config: auth },
    async (req) => ok(await addressInfo(ctx, userIdOf(req), req.query.id, req.locale)),
  );
  r.get(
    '/default',
    { schema: { tags, response: { 200: envelope(address.nullable()) } }, config: auth },
    async (req) => ok(await defaultAddress(ctx, userIdOf(req), req.locale)),
  );
  r.post(
    '/add',
    { schema: { tags, body: addressAddRequest, response: { 200: envelope(address) } }, config: auth },
    async (req) => ok(await addAddress(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/update',
    { schema: { tags, body: addressUpdateRequest, response: { 200: envelope(address) } }, config: auth },
    async (req) => ok(await changeAddress(ctx, userIdOf(req), req.body, req.locale)),
  );
  r.post(
    '/delete',
    {
      schema: { tags, body: addressDeleteRequest, response: { 200: envelope(addressDeleteResponse) } },
      config: auth,
    },
    async (req) => ok(await removeAddresses(ctx, userIdOf(req), req.body.ids)),
  );
});
