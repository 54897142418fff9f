/**
 * The demo stand-in for TapPay's web SDK (TPDirect), served as JavaScript by the simulator at
 * /dev/sim/tappay/sdk.js. Same calls as the real SDK, so the web card form is the production one:
 *   TPDirect.setupSDK(appId, appKey, serverType)
 *   TPDirect.card.setup({ fields: { number: { element, placeholder }, expirationDate: {...}, ccv: {...} } })
 *   TPDirect.card.onUpdate(cb)            cb({ canGetPrime, hasError, cardType, status: { number, expiry, ccv } })
 *   TPDirect.card.getTappayFieldsStatus() the same object, now
 *   TPDirect.card.getPrime(cb)            cb({ status, msg, card: { prime, bincode, lastfour, ... }, clientip })
 *   TPDirect.paymentRequestApi.checkAvailability(), .setupApplePay({ merchantIdentifier, countryCode }),
 *     .setupPaymentRequest(data, cb) cb({ browserSupportPaymentRequest, canMakePaymentWithActiveCard }),
 *     .getPrime(cb) Apple Pay: cb({ status, msg, prime })  (each refuses to run before the one above it)
 *   TPDirect.googlePay.setupGooglePay(setting), .setupPaymentRequest(req, cb) cb(err, { canUseGooglePay }),
 *     .getPrime(cb) cb(error, prime)
 *   TPDirect.linePay.getPrime(cb), TPDirect.jkoPay.getPrime(cb)  cb({ status, msg, prime })
 * The wallets' own sheets (Apple Pay, Google Pay) are skipped in demo mode: the buyer approves at once.
 * The real SDK draws each field in an iframe so card numbers never touch the shop's page; in demo mode
 * plain inputs stand in for them (no real card is ever typed). Field status values are TapPay's:
 * 0 complete, 1 empty, 2 error, 3 typing. The script posts the card to the simulator's prime endpoint next
 * to it, found from its own URL.
 */
export const TAPPAY_SDK_STANDIN = String.raw`(function () {
  'use strict';
  var self = document.currentScript && document.currentScript.src;
  var base = self ? self.replace(/\/sdk\.js(?:\?.*)?$/, '') : '';
  var cfg = null;
  var inputs = null;
  var listeners = [];
  function find(x) { return typeof x === 'string' ? document.querySelector(x) : x; }
  function digits(s) { return String(s || '').replace(/\D/g, ''); }
  function luhn(n) {
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = +n[n.length - 1 - i];
      if (i % 2) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function make(spec, name, label) {
    var box = spec && find(spec.element);
    if (!box) throw new Error('TPDirect.card.setup: no element for ' + name);
    var input = document.createElement('input');
    input.name = 'tappay-' + name;
    input.autocomplete = 'off';
    input.inputMode = 'numeric';
    input.placeholder = spec.placeholder || '';
    // inside the shop's <label> the field is named by it, in the buyer's language; the English name is only
    // for a page that gives the field no label of its own
    if (!(box.closest && box.closest('label'))) input.setAttribute('aria-label', label);
    input.style.cssText = 'width:100%;box-sizing:border-box;border:0;outline:0;font:inherit;background:transparent';
    input.addEventListener('input', function () { var u = update(); listeners.forEach(function (cb) { cb(u); }); });
    box.innerHTML = '';
    box.appendChild(input);
    return input;
  }
  function fieldStatus(value, ok, full) {
    if (!value) return 1;
    if (ok) return 0;
    return full ? 2 : 3;
  }
  function update() {
    if (!inputs) return { canGetPrime: false, hasError: false, cardType: 'unknown', status: { number: 1, expiry: 1, ccv: 1 } };
    var n = digits(inputs.number.value);
    var e = digits(inputs.expiry.value);
    var c = digits(inputs.ccv.value);
    var month = +e.slice(0, 2), year = 2000 + +e.slice(2, 4);
    var now = new Date();
    var expiryOk = e.length === 4 && month >= 1 && month <= 12 &&
      (year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1));
    var status = {
      number: fieldStatus(n, n.length >= 13 && n.length <= 19 && luhn(n), n.length >= 16),
      expiry: fieldStatus(e, expiryOk, e.length >= 4),
      ccv: fieldStatus(c, c.length === 3 || c.length === 4, c.length >= 4),
    };
    return {
      canGetPrime: status.number === 0 && status.expiry === 0 && status.ccv === 0,
      hasError: status.number === 2 || status.expiry === 2 || status.ccv === 2,
      cardType: n[0] === '4' ? 'visa' : n[0] === '5' ? 'mastercard' : n[0] === '3' ? 'jcb' : 'unknown',
      status: status,
    };
  }
  function walletPrime(wallet, cb) {
    if (!cfg) return cb({ status: -1, msg: 'call TPDirect.setupSDK first' });
    fetch(base + '/tpc/wallet-prime', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ app_id: cfg.appId, app_key: cfg.appKey, wallet: wallet }),
    })
      .then(function (r) { return r.json(); })
      .then(cb, function () { cb({ status: -1, msg: 'network error' }); });
  }
  // the wallets' setup, in TapPay's documented order: getPrime refuses a wallet that was not set up
  var apple = { merchant: null, request: null };
  var google = { setup: null, request: null };
  window.TPDirect = {
    paymentRequestApi: {
      checkAvailability: function () { return true; },
      setupApplePay: function (o) {
        if (!o || !/^merchant\./.test(o.merchantIdentifier || '')) throw new Error('setupApplePay: merchantIdentifier is required');
        apple.merchant = { merchantIdentifier: o.merchantIdentifier, countryCode: o.countryCode || 'TW' };
      },
      setupPaymentRequest: function (data, cb) {
        if (!apple.merchant) throw new Error('setupPaymentRequest: call setupApplePay first');
        var methods = (data && data.supportedMethods) || [];
        var total = data && data.total && data.total.amount;
        if (methods.indexOf('apple_pay') < 0 || !total || !total.currency || !total.value) throw new Error('setupPaymentRequest: apple_pay and a total are required');
        apple.request = data;
        // the simulated phone has a card in Apple Pay
        if (cb) cb({ browserSupportPaymentRequest: true, canMakePaymentWithActiveCard: true });
      },
      getPrime: function (cb) {
        if (!apple.request) return cb({ status: -1, msg: 'call setupApplePay and setupPaymentRequest first' });
        walletPrime('apple_pay', cb);
      },
    },
    googlePay: {
      setupGooglePay: function (o) {
        if (!o || !o.merchantName) throw new Error('setupGooglePay: merchantName is required');
        google.setup = o;
      },
      setupPaymentRequest: function (req, cb) {
        if (!google.setup) return cb && cb(new Error('call setupGooglePay first'), null);
        if (!req || !req.price || !req.currency) return cb && cb(new Error('price and currency are required'), null);
        google.request = req;
        if (cb) cb(null, { canUseGooglePay: true });
      },
      getPrime: function (cb) {
        if (!google.request) return cb(new Error('call setupGooglePay and setupPaymentRequest first'), null);
        walletPrime('google_pay', function (r) { r.status === 0 ? cb(null, r.prime) : cb(r, null); });
      },
    },
    linePay: { getPrime: function (cb) { walletPrime('line_pay', cb); } },
    jkoPay: { getPrime: function (cb) { walletPrime('jko_pay', cb); } },
    setupSDK: function (appId, appKey, serverType) {
      cfg = { appId: String(appId), appKey: String(appKey), serverType: serverType };
    },
    card: {
      setup: function (options) {
        var f = (options && options.fields) || {};
        inputs = {
          number: make(f.number, 'number', 'Card number'),
          expiry: make(f.expirationDate, 'expiry', 'Expiry date (MM/YY)'),
          ccv: make(f.ccv, 'ccv', 'Security code'),
        };
      },
      onUpdate: function (cb) { listeners.push(cb); },
      getTappayFieldsStatus: update,
      getPrime: function (cb) {
        if (!cfg) return cb({ status: -1, msg: 'call TPDirect.setupSDK first' });
        if (!update().canGetPrime) return cb({ status: -1, msg: 'card fields are not complete' });
        fetch(base + '/tpc/prime', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            app_id: cfg.appId,
            app_key: cfg.appKey,
            card: { number: digits(inputs.number.value), expiry: digits(inputs.expiry.value), ccv: digits(inputs.ccv.value) },
          }),
        })
          .then(function (r) { return r.json(); })
          .then(cb, function () { cb({ status: -1, msg: 'network error' }); });
      },
    },
  };
})();
`;
