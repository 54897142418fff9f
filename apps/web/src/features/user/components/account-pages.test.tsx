import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

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

import { currentLanguage, setLanguage } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { LanguageSwitch } from './language-switch';
import { NicknameForm } from './profile-editor';
import { ProfileSwitches } from './profile-switches';
import { VersionCheck } from './version-check';

const PROFILE = {
  id: 'u1',
  phone: '+886912345678',
  username: null,
  nickname: 'Mei',
  avatarUrl: null,
  email: null,
  kind: 'personal' as const,
  registerStep: 2,
  orderReceiving: 1 as const,
  messageNotify: 0 as const,
  language: 'en',
  hasPassword: false,
  wechatBound: false,
  realNameStatus: 'none' as const,
  company: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function show(ui: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const updates = () =>
  request.mock.calls.filter(([o]) => o.url === 'app/user/info/updatePerson').map(([o]) => o.data);

beforeEach(async () => {
  await setLanguage('en');
  sessionStore.setTokens({ token: 'access', expire: 7200, refreshToken: 'refresh', refreshExpire: 2592000 });
  sessionStore.setUser({ ...PROFILE });
  request.mockReset();
  // The server answers updatePerson with the saved profile.
  request.mockImplementation(async ({ url, data }: { url: string; data?: object }) => {
    if (url === 'app/user/info/updatePerson') return { ...sessionStore.getState().userInfo, ...data };
    throw new RequestError('unexpected call', 404);
  });
});
afterAll(() => setLanguage('en'));

describe('settings: language', () => {
  it('offers the five languages by their own names and applies a choice at once, saving it to the profile', async () => {
    show(<LanguageSwitch />);
    for (const name of ['简体中文', '繁體中文', 'English', 'Español', 'Français'])
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Langue' })).toBeTruthy();
    expect(currentLanguage()).toBe('fr');
    await vi.waitFor(() => expect(updates()).toEqual([{ language: 'fr' }]));
  });
});

describe('settings: order receiving and message notification', () => {
  it('shows each switch as enabled or closed and saves a change to the profile', async () => {
    show(<ProfileSwitches />);
    const receiving = screen.getByRole('switch', { name: 'Order receiving mode' });
    const notify = screen.getByRole('switch', { name: 'Message notification' });
    expect(receiving.getAttribute('aria-checked')).toBe('true');
    expect(notify.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.getByText('Closed')).toBeTruthy();

    fireEvent.click(notify);
    await vi.waitFor(() => expect(notify.getAttribute('aria-checked')).toBe('true'));
    expect(updates()).toEqual([{ messageNotify: 1 }]);
    expect(screen.getAllByText('Enabled')).toHaveLength(2);
  });

  it('keeps the switch as it was when saving fails, and says why', async () => {
    request.mockImplementation(async () => {
      throw new RequestError('Service abnormal', 500);
    });
    show(<ProfileSwitches />);
    const receiving = screen.getByRole('switch', { name: 'Order receiving mode' });
    fireEvent.click(receiving);
    expect(await screen.findByText('Service abnormal')).toBeTruthy();
    expect(receiving.getAttribute('aria-checked')).toBe('true');
  });
});

describe('edit: nickname', () => {
  const field = () => screen.getByLabelText('Nickname');
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  it('requires a nickname', async () => {
    show(<NicknameForm />);
    fireEvent.change(field(), { target: { value: '   ' } });
    save();
    expect(await screen.findByText('Please enter a nickname')).toBeTruthy();
    expect(updates()).toEqual([]);
  });

  it('allows 16 characters, counting each Chinese character as one, and refuses a 17th', async () => {
    show(<NicknameForm />);
    fireEvent.change(field(), { target: { value: '旅'.repeat(17) } });
    save();
    expect(await screen.findByText('The nickname can have at most 16 characters')).toBeTruthy();
    expect(updates()).toEqual([]);

    fireEvent.change(field(), { target: { value: '旅'.repeat(16) } });
    save();
    expect(await screen.findByText('User information saved successfully')).toBeTruthy();
    expect(updates()).toEqual([{ nickname: '旅'.repeat(16) }]);
    expect(sessionStore.getState().userInfo?.nickname).toBe('旅'.repeat(16));
  });
});

describe('version', () => {
  it('checks on request and says when this version is the latest', async () => {
    request.mockImplementation(async ({ url, params }: { url: string; params?: object }) => {
      if (url === 'app/app/version/check' && (params as { code?: number }).code === 100)
        return {
          hasUpdate: false,
          latest: {
            version: '1.0.0',
            code: 100,
            description: 'First release',
            url: null,
            force: false,
            publishedAt: '2026-01-01T00:00:00.000Z',
          },
        };
      throw new RequestError('unexpected call', 404);
    });
    show(<VersionCheck />);
    expect(screen.getByText('Current version: 1.0.0 (build 100)')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
    expect(await screen.findByText("You're up to date")).toBeTruthy();
  });

  it('shows a newer version with its notes and whether it is required', async () => {
    request.mockImplementation(async () => ({
      hasUpdate: true,
      latest: {
        version: '1.1.0',
        code: 110,
        description: 'Faster checkout',
        url: null,
        force: true,
        publishedAt: '2026-02-01T00:00:00.000Z',
      },
    }));
    show(<VersionCheck />);
    fireEvent.click(screen.getByRole('button', { name: 'Check for updates' }));
    expect(await screen.findByText('New version 1.1.0 available')).toBeTruthy();
    expect(screen.getByText('Faster checkout')).toBeTruthy();
    expect(screen.getByText(/This update is required/)).toBeTruthy();
  });
});
