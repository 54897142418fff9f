import { act, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unmountOverlays } from '../lib/antd-react19';
import { showToast } from './overlays';

// A toast asked for as a test ends must not render after the file's jsdom is gone (src/test/setup.ts loads the
// overlays' code first and unmounts what is left at the file's end).

afterEach(() => vi.restoreAllMocks());

describe('overlays in the web tests', () => {
  it("shows a toast in the caller's task once its code is loaded", () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => undefined });
    showToast({ content: 'Saved' });
    expect(show).toHaveBeenCalledWith({ content: 'Saved' });
  });

  it('unmounts a toast still on screen at once', async () => {
    await act(async () => showToast({ content: 'Saved', duration: 0 }));
    await waitFor(() => expect(document.body.textContent).toContain('Saved'));
    unmountOverlays();
    expect(document.body.textContent).not.toContain('Saved');
  });
});
