import {
  bindPhoneRequest,
  empty,
  envelope,
  logoffRequest,
  realNameRequest,
  realNameResponse,
  updatePasswordRequest,
  updatePersonRequest,
  userProfile,
} from '@simshop/contracts';
import { defineRoutes } from '../../platform/router';
import { ok } from '../../platform/http';
import { tokenFrom, userIdOf } from '../../platform/auth';
import {
  bindPhone,
  getPerson,
  getRealName,
  submitRealName,
  updatePassword,
  updatePerson,
} from './user-info.service';
import { logoff } from './user-info-logoff.service';

const tags = ['user info'];

/** The logged-in user's own profile, password, phone, account deletion and real-name verification. */
export const userInfoRoutes = defineRoutes('app/user/info', (r, ctx) => {
  r.get(
    '/person',
    { schema: { tags, response: { 200: envelope(userProfile) } }, config: { auth: 'user' } },
    async (req) => ok(await getPerson(ctx, userIdOf(req))),
  );
  r.post(
    '/updatePerson',
    {
      schema: { tags, body: updatePersonRequest, response: { 200: envelope(userProfile) } },
      config: { auth: 'user' },
    },
    async (req) => ok(await updatePerson(ctx, userIdOf(req), req.body)),
  );
  r.post(
    '/updatePassword',
    {
      schema: { tags, body: updatePasswordRequest, response: { 200: envelope(empty) } },
      config: { auth: 'user' },
    },
    async (req) => ok(await updatePassword(ctx, userIdOf(req), tokenFrom(req), req.body)),
  );
  r.post(
    '/bindPhone',
    {
      schema: { tags, body: bindPhoneRequest, response: { 200: envelope(userProfile) } },
      config: { auth: 'user', rateLimit: { max: ctx.config.authRateLimitMax, timeWindow: '1 minute' } },
    },
    async (req) => ok(await bindPhone(ctx, userIdOf(req), tokenFrom(req), req.body)),
  );
  r.post(
    '/logoff',
    { schema: { tags, body: logoffRequest, response: { 200: envelope(empty) } }, config: { auth: 'user' } },
    async (req) => ok(await logoff(ctx, userIdOf(req), req.body.smsCode, req.locale)),
  );
  r.get(
    '/realName',
    { schema: { tags, response: { 200: envelope(realNameResponse) } }, config: { auth: 'user' } },
    async (req) => ok(await getRealName(ctx, userIdOf(req))),
  );
  r.post(
    '/realName',
    {
      schema: { tags, body: realNameRequest, response: { 200: envelope(realNameResponse) } },
      config: { auth: 'user' },
    },
    async (req) => ok(await submitRealName(ctx, userIdOf(req), req.body)),
  );
});
