import {
  bindPhoneRequest,
  empty,
  logoffRequest,
  realNameRequest,
  realNameResponse,
  updatePasswordRequest,
  updatePersonRequest,
  userProfile,
} from '@simshop/contracts';
import { calls, defineRoutes } from '../../platform/router';
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
  const c = calls(r, { tags, auth: 'user' });
  c.get('/person', { data: userProfile }, (req) => getPerson(ctx, userIdOf(req)));
  c.post('/updatePerson', { body: updatePersonRequest, data: userProfile }, (req) =>
    updatePerson(ctx, userIdOf(req), req.body),
  );
  c.post('/updatePassword', { body: updatePasswordRequest, data: empty }, (req) =>
    updatePassword(ctx, userIdOf(req), tokenFrom(req), req.body),
  );
  c.post(
    '/bindPhone',
    {
      body: bindPhoneRequest,
      data: userProfile,
      rateLimit: { max: ctx.config.authRateLimitMax, timeWindow: '1 minute' },
    },
    (req) => bindPhone(ctx, userIdOf(req), tokenFrom(req), req.body),
  );
  c.post('/logoff', { body: logoffRequest, data: empty }, (req) =>
    logoff(ctx, userIdOf(req), req.body.smsCode, req.locale),
  );
  c.get('/realName', { data: realNameResponse }, (req) => getRealName(ctx, userIdOf(req)));
  c.post('/realName', { body: realNameRequest, data: realNameResponse }, (req) =>
    submitRealName(ctx, userIdOf(req), req.body),
  );
});
