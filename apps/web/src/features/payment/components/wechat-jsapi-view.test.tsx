import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { probe, withApp } from '../../../test/app';
import { WechatJsapiView } from './wechat-jsapi-view';

// Inside WeChat (issue 27): back from WeChat's silent authorisation, the page opens the JSAPI payment once and
// hands it to WeixinJSBridge, which WeChat may announce only after the page has loaded.

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

const params = {
  appId: 'wxdemo0000000000',
  timeStamp: '1764300000',
  nonceStr: 'n0nce',
  package: 'prepay_id=wx28',
  signType: 'RSA',
  paySign: 'c2lnbg==',
};
beforeAll(() => setLanguage('en'));
beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    if (url === 'app/order/pay/wechatJsapi')
      return { orderId: 7, attemptNo: 'A7', start: { kind: 'jsapi', params } };
    throw new Error(`unexpected call ${url}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
});

describe('paying inside WeChat after its authorisation', () => {
  it('opens the payment once, waits for the bridge, and goes to the result when WeChat says ok', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI Language/en',
    );
    const invoked: Record<string, string>[] = [];
    render(
      <StrictMode>
        {withApp(<WechatJsapiView orderId={7} code="c0de" state="st4te" />, '/pages/simpay/wechat?orderId=7')}
      </StrictMode>,
    );
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(request.mock.calls[0]?.[0]).toMatchObject({
      data: { orderId: 7, code: 'c0de', state: 'st4te' },
    });
    // the code works once: the address no longer carries it
    expect(window.location.search).toBe('?orderId=7');
    await screen.findByText('Waiting for the payment…');
    // WeChat announces its bridge after load
    Object.assign(window, {
      WeixinJSBridge: {
        invoke: (name: string, p: Record<string, string>, cb: (r: { err_msg: string }) => void) => {
          invoked.push({ name, ...p });
          cb({ err_msg: 'get_brand_wcpay_request:ok' });
        },
      },
    });
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await waitFor(() => expect(probe.location.pathname).toBe('/pages/simpay/viewback'));
    expect(probe.location.search).toBe('?orderId=7');
    expect(invoked).toEqual([{ name: 'getBrandWCPayRequest', ...params }]);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('says why in the buyer language when WeChat could not name the payer, with the way back to the order', async () => {
    request.mockRejectedValueOnce(
      Object.assign(new Error('WeChat could not confirm who is paying. Tap Pay again'), { code: 8401 }),
    );
    render(withApp(<WechatJsapiView orderId={7} code="used" state="st4te" />));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'WeChat could not confirm who is paying. Tap Pay again',
    );
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=7',
    );
  });
});
