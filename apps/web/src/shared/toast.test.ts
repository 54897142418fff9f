import { act, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_PASSTHROUGH_CLASS, toast } from './toast';

afterEach(() => act(() => Toast.clear()));

describe('toast', () => {
  it('lets a tap through to what it covers, shown high on the screen', async () => {
    await act(async () => toast('SMS sent', 'success'));
    const mask = await waitFor(() => {
      const m = document.querySelector<HTMLElement>('.adm-toast-mask');
      expect(m).not.toBeNull();
      return m;
    });
    expect(mask!.classList.contains(TOAST_PASSTHROUGH_CLASS)).toBe(true);
    expect(mask!.style.pointerEvents).toBe('none');
    expect(mask!.querySelector<HTMLElement>('.adm-toast-main')!.style.top).toBe('20%');
  });
});
