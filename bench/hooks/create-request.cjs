/* global module */
// autocannon setupRequest: a fresh idempotency key for every create, so none is answered from a replay
let n = 0;
module.exports = function createRequest(req) {
  n += 1;
  return {
    ...req,
    headers: { ...req.headers, 'idempotency-key': `bench-pay-${process.pid}-${Date.now()}-${n}` },
  };
};
