import { esimDeviceListRequest, esimDeviceListResponse } from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
import { esimDevices } from './catalogue-devices.service';

/** "Does my phone support eSIM?": the device models the shop keeps, by brand, searchable. */
export const esimDeviceRoutes = defineRoutes('app/goods/esimDevice', (r, ctx) => {
  const c = calls(r, { tags: ['catalogue'] });
  c.get('/list', { query: esimDeviceListRequest, data: esimDeviceListResponse }, (req) =>
    esimDevices(ctx, req.query.keyWord),
  );
});
