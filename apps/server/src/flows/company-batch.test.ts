import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../test/harness';
import { createUser } from '../test/fixtures';
import { drainJobs, partnerGoods, partnerTestApp } from '../modules/simcard/simcard.fixtures';
import { payOrder } from '../modules/order/order.fixtures';

// A company batch is one order with one company invoice (issue 28): the batch order carries the company's
// B2B e-invoice (its registered UBN and name), not the owner's remembered personal carrier; an owner who
// never gave company details keeps the ordinary choice (the member carrier). The company's choice is the
// batch order's alone: the owner's own orders keep the carrier they chose.

let t: TestApp;
let close: () => Promise<void>;
let specId = 0;
type User = Awaited<ReturnType<typeof createUser>>;

const api = (u: User, method: 'GET' | 'POST', path: string, body?: unknown) =>
  call(t.app, method, path, { token: u.token, ...(body === undefined ? {} : { body }) });

/** A company account with a company space; with `ubn`, registered company details too. */
async function companyOwner(ubn: string | null) {
  const owner = await createUser(t.ctx, { kind: 'company' });
  if (ubn)
    await t.ctx.db
      .insertInto('company_profile')
      .values({
        user_id: owner.id,
        company_name: '環宇旅遊有限公司',
        ubn,
        contact_name: '陳經理',
        email: `c${owner.id}@example.com`,
        verified_at: Date.now(),
      })
      .execute();
  const setUp = await api(owner, 'POST', 'app/company/setup', { name: '環宇旅遊', approvalThreshold: null });
  expect(setUp.code, setUp.message).toBe(1000);
  // a remembered personal carrier from an earlier order: the batch must not take it
  await t.ctx.db
    .insertInto('invoice_choice')
    .values({
      user_id: owner.id,
      order_id: 0,
      choice: JSON.stringify({ kind: 'mobile', code: '/AB12C.+' }),
      updated_at: Date.now(),
    })
    .execute();
  return owner;
}

/** Orders a batch of two, pays it, runs the jobs; answers the order's invoice as its buyer reads it. */
async function batchInvoice(owner: User) {
  const batch = await api(owner, 'POST', 'app/company/batch/confirm', {
    specId,
    quantity: 2,
    payWay: 'wallet',
  });
  expect(batch.code, batch.message).toBe(1000);
  const orderId = Number(batch.data.orderId);
  await payOrder(t, orderId);
  await drainJobs(t);
  const inv = await api(owner, 'GET', `app/invoice/info/order?id=${orderId}`);
  expect(inv.code, inv.message).toBe(1000);
  return inv.data.invoice;
}

beforeAll(async () => {
  ({ t, close } = await partnerTestApp({ INVOICE_ENABLED: '1' }, { completeAfterMs: 0 }));
  specId = (await partnerGoods(t, 'JP-5GB-7D')).specIds[0] ?? 0;
});
afterAll(() => close());

describe('the e-invoice of a company batch', () => {
  it("is the company's B2B invoice with its registered UBN and name", async () => {
    const inv = await batchInvoice(await companyOwner('22099131'));
    expect(inv).toMatchObject({
      state: 'issued',
      category: 'B2B',
      choice: { kind: 'company', ubn: '22099131', title: '環宇旅遊有限公司' },
    });
  });

  it('keeps the ordinary choice for a company that never gave its details', async () => {
    const inv = await batchInvoice(await companyOwner(null));
    expect(inv).toMatchObject({ category: 'B2C', choice: { kind: 'mobile', code: '/AB12C.+' } });
  });

  it("leaves the owner's remembered personal choice as it was", async () => {
    const owner = await companyOwner('22099131');
    await batchInvoice(owner);
    const remembered = await api(owner, 'GET', 'app/invoice/info/choice');
    expect(remembered.code, remembered.message).toBe(1000);
    expect(remembered.data.choice).toEqual({ kind: 'mobile', code: '/AB12C.+' });
  });
});
