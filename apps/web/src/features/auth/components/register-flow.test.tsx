import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate, type Location } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

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
vi.mock('../../../lib/request', () => ({ request, RequestError, upload: vi.fn() }));

import { setLanguage } from '../../../lib/i18n';
import { setNavigator } from '../../../lib/navigation';
import { sessionStore } from '../../../lib/session';
import { RegisterFlow } from './register-flow';

const here = { location: null as unknown as Location };
function Probe() {
  here.location = useLocation();
  const navigate = useNavigate();
  setNavigator((to, options) => void navigate(to, options));
  return null;
}
function open(path = '/pages/user/register') {
  window.history.replaceState(null, '', path);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RegisterFlow />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const calls = (url: string) => request.mock.calls.filter(([o]) => o.url === url).map(([o]) => o.data);

const profile = (over: object) => ({
  id: 'u9',
  phone: '+886912345678',
  nickname: '',
  kind: 'personal',
  registerStep: 1,
  orderReceiving: 1,
  messageNotify: 1,
  ...over,
});
let step = 1;
let kind = 'personal';

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.setUser(null);
  step = 1;
  kind = 'personal';
  request.mockReset();
  request.mockImplementation(async ({ url, data }: { url: string; data?: { kind?: string } }) => {
    if (url === 'app/user/account/register') {
      kind = data?.kind ?? 'personal';
      return { token: 't', expire: 7200, refreshToken: 'r', refreshExpire: 2592000, registerStep: 1 };
    }
    if (url === 'app/user/info/person') return profile({ registerStep: step, kind });
    if (url.endsWith('/registerStep2')) {
      step = 2;
      return { registerStep: 2 };
    }
    throw new RequestError('unexpected call', 404);
  });
});

describe('registration', () => {
  it('registers a personal account in two steps, then returns to the page the visitor wanted', async () => {
    open(`/pages/user/register?redirect=${encodeURIComponent('/pages/index/my')}`);
    type('Mobile number', '0912345678');
    type('SMS code', '654321');
    type('Password', 'correct horse');
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByLabelText('Nickname')).toBeTruthy();
    expect(calls('app/user/account/register')).toEqual([
      {
        phone: '+886912345678',
        smsCode: '654321',
        password: 'correct horse',
        kind: 'personal',
        agreement: true,
      },
    ]);
    type('Nickname', '小明');
    fireEvent.click(screen.getByRole('button', { name: 'Finish registration' }));
    await vi.waitFor(() => expect(here.location.pathname).toBe('/pages/index/my'));
    expect(calls('app/user/account/personal/registerStep2')).toEqual([{ nickname: '小明' }]);
  });

  it('sends a personal e-mail only with its code, and asks for the code when it is missing', async () => {
    sessionStore.setUser(profile({ kind: 'personal', registerStep: 1 }) as never);
    open();
    expect(await screen.findByLabelText('Nickname')).toBeTruthy();
    type('Nickname', 'Mei');
    type('E-mail (optional)', 'mei@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Finish registration' }));
    expect(await screen.findByText('Please enter the e-mail code')).toBeTruthy();
    expect(calls('app/user/account/personal/registerStep2')).toEqual([]);
    type('E-mail code', '246810');
    fireEvent.click(screen.getByRole('button', { name: 'Finish registration' }));
    await vi.waitFor(() => expect(calls('app/user/account/personal/registerStep2')).toHaveLength(1));
    expect(calls('app/user/account/personal/registerStep2')[0]).toEqual({
      nickname: 'Mei',
      email: 'mei@example.com',
      emailCode: '246810',
    });
  });

  it('refuses a password shorter than 8 characters and an unticked agreement', async () => {
    open();
    type('Mobile number', '0912345678');
    type('SMS code', '654321');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The password must have 8 to 64 characters')).toBeTruthy();
    type('Password', 'long enough');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please check the agreement before logging in')).toBeTruthy();
    expect(calls('app/user/account/register')).toEqual([]);
  });

  it('lands a user whose registration stopped after step 1 on the company step, which checks the UBN', async () => {
    sessionStore.setUser(profile({ kind: 'company', registerStep: 1 }) as never);
    kind = 'company';
    open();
    expect(await screen.findByLabelText('Company name')).toBeTruthy();
    type('Company name', 'Formosa Travel Ltd.');
    type('Unified business number', '12345678');
    type('Contact person', 'Chen Mei');
    type('E-mail', 'mei@example.com');
    type('E-mail code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Finish registration' }));
    expect(await screen.findByText('This is not a valid unified business number')).toBeTruthy();
    expect(calls('app/user/account/company/registerStep2')).toEqual([]);

    type('Unified business number', '04595257');
    fireEvent.click(screen.getByRole('button', { name: 'Finish registration' }));
    await vi.waitFor(() => expect(calls('app/user/account/company/registerStep2')).toHaveLength(1));
    expect(calls('app/user/account/company/registerStep2')[0]).toMatchObject({
      ubn: '04595257',
      emailCode: '123456',
    });
  });
});
