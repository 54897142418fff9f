import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate, type Location } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, SMS_RESEND_INTERVAL_S } from '@simshop/contracts';

const { request, RequestError } = vi.hoisted(() => ({
  request: vi.fn(),
  RequestError: class RequestError extends Error {
    constructor(
      message: string,
      readonly code: number,
    ) {
      super(message);
    }
  },
}));
// The whole API as the server would answer it (the session store loads the profile through it too).
vi.mock('../../../lib/request', () => ({ request, RequestError, upload: vi.fn() }));

import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { LoginForm } from './login-form';

const LOGIN = '/pages/user/login';
const here = { location: null as unknown as Location };
function Probe() {
  here.location = useLocation();
  const navigate = useNavigate();
  setNavigator((to, options) => void navigate(to, options));
  return null;
}

function open(path = LOGIN) {
  // The session store reads the login page's `redirect` from the browser's address, as in the app.
  window.history.replaceState(null, '', path);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <LoginForm />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const phoneField = () => screen.getByLabelText('Mobile number');
const codeField = () => screen.getByLabelText('SMS code');
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const callsTo = (url: string) => request.mock.calls.filter(([opts]) => opts.url === url);

const TOKENS = { token: 'access', expire: 7200, refreshToken: 'refresh', refreshExpire: 2592000 };
const PROFILE = {
  id: 'u1',
  phone: '+886912345678',
  nickname: 'Mei',
  registerStep: 2,
  orderReceiving: 1,
  messageNotify: 1,
};

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    if (url === 'app/user/account/login') return TOKENS;
    if (url === 'app/user/info/person') return PROFILE;
    if (url === 'app/user/cart/count') return { count: 0, quantity: 0 };
    throw new RequestError('unexpected call', 404);
  });
});
afterEach(() => vi.useRealTimers());

describe('login page: agreement', () => {
  it('refuses to log in until the agreement is ticked', async () => {
    open();
    type(phoneField(), '0912345678');
    type(codeField(), '123456');
    click('Log in');
    expect(await screen.findByText('Please check the agreement before logging in')).toBeTruthy();
    expect(callsTo('app/user/account/login')).toHaveLength(0);
  });

  it('logs in with the SMS code once ticked, then returns to the page the visitor wanted', async () => {
    open(`${LOGIN}?redirect=${encodeURIComponent('/pages/user/set')}`);
    type(phoneField(), '0912 345 678');
    type(codeField(), '123456');
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    click('Log in');
    await vi.waitFor(() => expect(here.location.pathname).toBe('/pages/user/set'));
    expect(callsTo('app/user/account/login')[0]?.[0].data).toEqual({
      phone: '+886912345678',
      smsCode: '123456',
      agreement: true,
    });
  });
});

describe('login page: mobile number and code', () => {
  it('says a mobile number is required', async () => {
    open();
    click('Get code');
    expect(await screen.findByText('Please enter your mobile number')).toBeTruthy();
  });

  it('rejects a malformed mobile number', async () => {
    open();
    type(phoneField(), '0912-abc');
    click('Get code');
    expect(await screen.findByText('Invalid mobile number format')).toBeTruthy();
  });

  it('asks for the country code of a foreign mobile number typed without it', async () => {
    open();
    type(phoneField(), '13800138000');
    click('Get code');
    expect(await screen.findByText('Country code required for international numbers')).toBeTruthy();
    expect(here.location.pathname).toBe(LOGIN);
  });

  it('goes to the captcha page with the number in E.164 once the country code is chosen', async () => {
    open();
    fireEvent.change(screen.getByRole('combobox', { name: 'Country code' }), { target: { value: '86' } });
    type(phoneField(), '13800138000');
    click('Get code');
    await vi.waitFor(() => expect(here.location.pathname).toBe('/pages/user/captcha'));
    const q = new URLSearchParams(here.location.search);
    expect(q.get('phone')).toBe('+8613800138000');
    expect(q.get('purpose')).toBe('login');
    expect(q.get('redirect')).toBe(LOGIN);
  });

  it('says the SMS code is required', async () => {
    open();
    type(phoneField(), '0912345678');
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    click('Log in');
    expect(await screen.findByText('Please enter the SMS code')).toBeTruthy();
    expect(callsTo('app/user/account/login')).toHaveLength(0);
  });
});

describe('login page: resend countdown', () => {
  it('back from the captcha page, keeps the typed number and counts down "retry in {n}s"', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    sessionStorage.setItem(
      'authDraft:login',
      JSON.stringify({ phone: { dial: '886', number: '0912345678' }, agreement: false }),
    );
    open(`${LOGIN}?sent=1`);
    expect((phoneField() as HTMLInputElement).value).toBe('0912345678');
    const button = screen.getByRole('button', { name: `Retry in ${SMS_RESEND_INTERVAL_S}s` });
    expect((button as HTMLButtonElement).disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: `Retry in ${SMS_RESEND_INTERVAL_S - 1}s` })).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime((SMS_RESEND_INTERVAL_S - 1) * 1000);
    });
    const again = screen.getByRole('button', { name: 'Get code' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    // The countdown was started once: the address no longer says sent=1, so a reload does not restart it.
    expect(here.location.search).not.toContain('sent=1');
  });
});

describe('login page: password and WeChat', () => {
  it('shows a captcha when the server wants one after repeated password failures', async () => {
    request.mockImplementation(async ({ url }: { url: string }) => {
      if (url === 'app/user/login/phonePassword')
        throw new RequestError('Please complete the security check', ErrorCode.CAPTCHA_REQUIRED);
      if (url === 'app/user/comm/captcha')
        return {
          captchaId: 'c1',
          type: 'slide',
          width: 300,
          height: 160,
          image: 'data:image/png;base64,AAAA',
          piece: 'data:image/png;base64,BBBB',
          pieceY: 40,
          pieceSize: 56,
        };
      throw new RequestError('unexpected call', 404);
    });
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'Password login' }));
    type(phoneField(), '0912345678');
    type(screen.getByLabelText('Password'), 'wrong-password');
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    click('Log in');
    expect(await screen.findByRole('dialog', { name: 'Security check' })).toBeTruthy();
    await vi.waitFor(() => expect(callsTo('app/user/comm/captcha')).toHaveLength(1));
  });

  it('explains that one-key login is unavailable outside WeChat when only real WeChat can authorise', async () => {
    request.mockImplementation(async ({ url }: { url: string }) => {
      if (url === 'app/user/login/wechatAuthorizeUrl')
        return { url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=x', state: 's' };
      throw new RequestError('unexpected call', 404);
    });
    open();
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    click('WeChat one-key login');
    expect(
      await screen.findByText(
        'One-key login is not supported in the current environment, switch to verification code login',
      ),
    ).toBeTruthy();
  });

  it('reports a failed WeChat authorisation on return', async () => {
    request.mockImplementation(async ({ url }: { url: string }) => {
      if (url === 'app/user/login/wechat') throw new RequestError('bad code', ErrorCode.WECHAT_AUTH_FAILED);
      throw new RequestError('unexpected call', 404);
    });
    // this browser started the login: it kept the state and its nonce
    sessionStorage.setItem('wechatState', JSON.stringify({ state: 'xyz', nonce: 'n1' }));
    open(`${LOGIN}?code=abc&state=xyz`);
    expect(await screen.findByText('Login authorization failed')).toBeTruthy();
    expect(callsTo('app/user/login/wechat')[0]?.[0].data).toEqual({ code: 'abc', state: 'xyz', nonce: 'n1' });
  });

  it('refuses a WeChat callback this browser did not start, without asking the server', async () => {
    request.mockImplementation(async () => {
      throw new RequestError('unexpected call', 404);
    });
    sessionStorage.removeItem('wechatState');
    open(`${LOGIN}?code=planted&state=attacker-state`);
    expect(await screen.findByText('Login authorization failed')).toBeTruthy();
    expect(callsTo('app/user/login/wechat')).toHaveLength(0);
  });

  it("refuses a callback whose state is not the one this browser's login kept", async () => {
    request.mockImplementation(async () => {
      throw new RequestError('unexpected call', 404);
    });
    sessionStorage.setItem('wechatState', JSON.stringify({ state: 'mine', nonce: 'n2' }));
    open(`${LOGIN}?code=planted&state=attacker-state`);
    expect(await screen.findByText('Login authorization failed')).toBeTruthy();
    expect(callsTo('app/user/login/wechat')).toHaveLength(0);
  });

  it('keeps the state and nonce of a login it starts in this browser', async () => {
    request.mockImplementation(async ({ url }: { url: string }) => {
      if (url === 'app/user/login/wechatAuthorizeUrl')
        return { url: '/sim/wechat/connect/oauth2/authorize?appid=x', state: 's9', nonce: 'n9' };
      throw new RequestError('unexpected call', 404);
    });
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    try {
      open();
      fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
      click('WeChat one-key login');
      await vi.waitFor(() => expect(assign).toHaveBeenCalled());
      expect(JSON.parse(sessionStorage.getItem('wechatState')!)).toEqual({ state: 's9', nonce: 'n9' });
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
