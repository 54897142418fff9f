/* global module */
// autocannon setupRequest: each connection is one buyer of BENCH_PAYER_TOKENS (taken in turn when the
// connection first calls), with a fresh idempotency key for every create
const tokens = JSON.parse(process.env.BENCH_PAYER_TOKENS || '[]');
let next = 0;
let n = 0;
module.exports = function buyerCreateRequest(req, context) {
  if (!context.token) context.token = tokens[next++ % tokens.length];
  n += 1;
  return {
    ...req,
    headers: {
      ...req.headers,
      authorization: context.token,
      'idempotency-key': `bench-buyers-${process.pid}-${Date.now()}-${n}`,
    },
  };
};
