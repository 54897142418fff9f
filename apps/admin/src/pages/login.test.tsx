import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode } from '@simshop/contracts';
import en from '../locales/en';
import { i18n } from '../lib/i18n';
import { session } from '../lib/session';
import { fail, mockApi, ok, on } from '../test/fetch-mock';
import { renderConsole, Route } from '../test/render';
import { LoginPage } from './login';

const TOKENS = { token: 'access-1', expire: 3600, refreshToken: 'refresh-1', refreshExpire: 86400 };
const CAPTCHA = {
  captchaId: 'c'.repeat(32),
  type: 'slide',
  width: 300,
  height: 160,
  image: 'data:image/png;base64,AA==',
  piece: 'data:image/png;base64,AA==',
  pieceY: 50,
  pieceSize: 44,
};

function renderLogin() {
  return renderConsole(
    <>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>console home</p>} />
    </>,
    '/login',
  );
}
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in page', () => {
  it('asks for the slide captcha when the server wants one, then signs in with its answer', async () => {
    let attempts = 0;
    const calls = mockApi(
      on('app/user/comm/captcha', () => ok(CAPTCHA)),
      on('admin/base/open/login', () =>
        ++attempts === 1 ? fail(ErrorCode.CAPTCHA_REQUIRED, 'Please complete the captcha first') : ok(TOKENS),
      ),
    );
    renderLogin();
    fill(en.login.username, 'admin');
    fill(en.login.password, 'admin123456');
    fireEvent.click(screen.getByRole('button', { name: en.login.submit }));
    await screen.findByText('Please complete the captcha first');
    screen.getByText(en.login.captchaHint);
    const slider = await screen.findByRole('slider', { name: 'captcha' });
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.click(screen.getByRole('button', { name: en.login.submit }));
    await screen.findByText('console home');
    const logins = calls.filter((c) => c.url === '/api/admin/base/open/login');
    expect(logins[0]!.body).toEqual({ username: 'admin', password: 'admin123456' });
    expect(logins[1]!.body).toEqual({
      username: 'admin',
      password: 'admin123456',
      captchaId: CAPTCHA.captchaId,
      captchaAnswer: 2,
    });
    expect(session.token()).toBe('access-1');
  });

  it("shows the server's lockout message as an error, and stays signed out", async () => {
    mockApi(on('admin/base/open/login', () => fail(ErrorCode.LOGIN_LOCKED, 'Locked for 15 minutes')));
    renderLogin();
    fill(en.login.username, 'admin');
    fill(en.login.password, 'whatever1');
    fireEvent.click(screen.getByRole('button', { name: en.login.submit }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Locked for 15 minutes');
    expect(alert.className).toContain('ant-alert-error');
    await waitFor(() => expect(session.token()).toBe(''));
    expect(screen.queryByText('console home')).toBeNull();
  });
});
