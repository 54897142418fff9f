import { envelope, esimDeviceListRequest, esimDeviceListResponse } from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { esimDevices } from './catalogue-devices.service';

/** "Does my phone support eSIM?": the device models the shop keeps, by brand, searchable. */
export const esimDeviceRoutes = defineRoutes('app/goods/esimDevice', (r, ctx) => {
  r.get(
    '/list',
    {
      schema: {
        tags: ['catalogue'],
        querystring: esimDeviceListRequest,
        response: { 200: envelope(esimDeviceListResponse) },
      },
    },
    async (req) => ok(await esimDevices(ctx, req.query.keyWord)),
  );
});
