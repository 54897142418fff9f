import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../../locales/en/captcha';
import { CaptchaSolver } from './captcha-solver';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { captcha: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

let served = 0;
function slideCaptcha() {
  served += 1;
  return {
    captchaId: `c${served}`,
    type: 'slide',
    width: 300,
    height: 160,
    image: 'data:image/png;base64,AAAA',
    piece: 'data:image/png;base64,BBBB',
    pieceY: 40,
    pieceSize: 56,
  };
}

function wrap(children: ReactNode) {
  const client = new QueryClient();
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

const drag = (el: HTMLElement, from: number, to: number) => {
  fireEvent.pointerDown(el, { pointerId: 1, clientX: from });
  fireEvent.pointerMove(el, { pointerId: 1, clientX: (from + to) / 2 });
  fireEvent.pointerUp(el, { pointerId: 1, clientX: to });
};

beforeEach(() => {
  served = 0;
  request.mockReset();
  request.mockImplementation(async () => slideCaptcha());
});
afterEach(cleanup);

describe('CaptchaSolver', () => {
  it('loads a slide captcha and answers with the x where the piece was dropped', async () => {
    const onSolve = vi.fn(async () => {});
    render(wrap(<CaptchaSolver type="slide" onSolve={onSolve} />));
    const slider = await screen.findByRole('slider', { name: 'Puzzle slider' });
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'app/user/comm/captcha', method: 'GET', params: { type: 'slide' } }),
    );
    expect(screen.getByRole('img', { name: 'Puzzle piece' })).toBeTruthy();
    drag(slider, 10, 147);
    await waitFor(() => expect(onSolve).toHaveBeenCalledExactlyOnceWith({ captchaId: 'c1', answer: 137 }));
  });

  it('shows why an answer was refused and brings a fresh captcha', async () => {
    const onSolve = vi.fn(async () => {
      throw Object.assign(new Error('Captcha verification failed, please try again'), { code: 2002 });
    });
    render(wrap(<CaptchaSolver type="slide" onSolve={onSolve} />));
    drag(await screen.findByRole('slider'), 0, 60);
    expect(
      await screen.findByText('Captcha verification failed, please try again', { selector: '[role=alert]' }),
    ).toBeTruthy();
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    // The fresh captcha starts over at the left.
    await waitFor(() => expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('0'));
    drag(screen.getByRole('slider'), 0, 90);
    await waitFor(() => expect(onSolve).toHaveBeenLastCalledWith({ captchaId: 'c2', answer: 90 }));
  });

  it('loads another picture on refresh', async () => {
    render(wrap(<CaptchaSolver type="slide" onSolve={vi.fn()} />));
    await screen.findByRole('slider');
    fireEvent.click(screen.getByRole('button', { name: 'Try another picture' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
  });

  it('turns the rotate picture clockwise with the slider and answers in degrees', async () => {
    request.mockImplementation(async () => ({
      captchaId: 'r1',
      type: 'rotate',
      width: 200,
      height: 200,
      image: 'data:image/png;base64,CCCC',
    }));
    const onSolve = vi.fn(async () => {});
    render(wrap(<CaptchaSolver type="rotate" onSolve={onSolve} />));
    const slider = await screen.findByRole('slider', { name: 'Rotation slider' });
    // 300 px track, 48 px thumb: 252 px for 360 degrees.
    fireEvent.pointerDown(slider, { pointerId: 1, clientX: 0 });
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 63 });
    expect(screen.getByRole('img', { name: 'Picture to turn upright' }).style.transform).toBe(
      'rotate(90deg)',
    );
    fireEvent.pointerUp(slider, { pointerId: 1, clientX: 63 });
    await waitFor(() => expect(onSolve).toHaveBeenCalledExactlyOnceWith({ captchaId: 'r1', answer: 90 }));
  });
});
