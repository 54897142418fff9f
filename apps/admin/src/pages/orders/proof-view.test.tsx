import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { ProofView, type Proof } from './proof-view';

const png: Proof = {
  id: 7,
  mime: 'image/png',
  size: 10,
  sha256: 'a'.repeat(64),
  uploadedAt: '2026-11-23T10:00:00.000Z',
};
const pdf: Proof = { ...png, id: 8, mime: 'application/pdf' };
type Seen = { url: string; headers: Record<string, string> };

/** fetch answering proof files as bytes (id 7 png, id 8 pdf) and a refusal envelope for anything else. */
function stubFiles() {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      seen.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
      const id = new URL(url, 'http://x').searchParams.get('id');
      if (id === '7')
        return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
      if (id === '8') return new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
      return new Response(JSON.stringify({ code: 2028, data: null, message: 'Not allowed' }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  let n = 0;
  const created: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    created.push(b);
    return `blob:proof-${++n}`;
  });
  URL.revokeObjectURL = vi.fn();
  return { seen, created };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  session.set({ token: 'op-token', expire: 3600, refreshToken: 'r', refreshExpire: 86400 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('transfer proof viewer', () => {
  it('shows a picture inline from a blob fetched with the token in the header, never in the URL', async () => {
    const { seen, created } = stubFiles();
    render(
      <AntdApp>
        <ProofView proofs={[png]} />
      </AntdApp>,
    );
    const img = await screen.findByAltText('Transfer proof 7');
    expect(img.getAttribute('src')).toBe('blob:proof-1');
    expect(created[0]!.type).toBe('image/png');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/api/admin/order/transfer/proof?id=7');
    expect(seen[0]!.url).not.toContain('op-token');
    expect(seen[0]!.headers.Authorization).toBe('op-token');
  });

  it('opens a PDF in a new tab from a blob URL', async () => {
    const { seen, created } = stubFiles();
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(
      <AntdApp>
        <ProofView proofs={[pdf]} />
      </AntdApp>,
    );
    expect(screen.queryByAltText(/Transfer proof/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open PDF in a new tab' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:proof-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(created[0]!.type).toBe('application/pdf');
    expect(seen[0]!.url).toBe('/api/admin/order/transfer/proof?id=8');
  });

  it('shows the refusal instead of a picture', async () => {
    stubFiles();
    render(
      <AntdApp>
        <ProofView proofs={[{ ...png, id: 9 }]} />
      </AntdApp>,
    );
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    expect(screen.queryByAltText(/Transfer proof/)).toBeNull();
  });
});
