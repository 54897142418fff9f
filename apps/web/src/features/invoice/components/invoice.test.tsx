import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderInvoice } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { withApp } from '../../../test/app';
import { InvoiceChoiceSection, type InvoiceChoiceHandle } from './invoice-choice';
import { OrderInvoiceCard } from './order-invoice';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request, upload: vi.fn() }));

let remembered: unknown = null;
let invoice: OrderInvoice | null = null;
beforeAll(() => setLanguage('en'));
beforeEach(() => {
  remembered = null;
  invoice = null;
  request.mockReset();
  request.mockImplementation(async ({ url }: { url: string }) => {
    if (url === 'app/invoice/info/choice') return { choice: remembered };
    if (url === 'app/invoice/info/order') return { invoice };
    throw new Error(`unexpected call ${url}`);
  });
});

describe('InvoiceChoiceSection', () => {
  it('refuses a bad mobile barcode with the rule, then gives the checked choice', async () => {
    const ref = createRef<InvoiceChoiceHandle>();
    render(withApp(<InvoiceChoiceSection ref={ref} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Mobile barcode' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile barcode' }), { target: { value: '/ab' } });
    let checked: unknown;
    act(() => {
      checked = ref.current?.check();
    });
    expect(checked).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain('"/" followed by 7 characters');
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile barcode' }), {
      target: { value: '/abc1234' },
    });
    act(() => {
      checked = ref.current?.check();
    });
    expect(checked).toEqual({ kind: 'mobile', code: '/ABC1234' });
  });

  it('starts from the remembered choice; a company needs a valid UBN', async () => {
    remembered = { kind: 'company', ubn: '12345675', title: 'ACME' };
    const ref = createRef<InvoiceChoiceHandle>();
    render(withApp(<InvoiceChoiceSection ref={ref} />));
    const ubn = await screen.findByDisplayValue('12345675');
    fireEvent.change(ubn, { target: { value: '12345678' } });
    let checked: unknown;
    act(() => {
      checked = ref.current?.check();
    });
    expect(checked).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('This is not a valid unified business number');
  });
});

describe('OrderInvoiceCard', () => {
  it('shows number, random code, carrier and amount; a company gets its printable proof', async () => {
    invoice = {
      state: 'issued',
      category: 'B2B',
      number: 'AB00000123',
      randomCode: '0042',
      issuedAt: '2026-11-28T05:00:00Z',
      choice: { kind: 'company', ubn: '04595252', title: '旅行電信股份有限公司' },
      amount: 1050,
      salesAmount: 1000,
      taxAmount: 50,
      allowances: [],
    };
    render(withApp(<OrderInvoiceCard orderId={9} />));
    expect((await screen.findByTestId('invoice-number')).textContent).toBe('AB-00000123');
    expect(screen.getByTestId('invoice-random').textContent).toBe('0042');
    expect(screen.getByText('旅行電信股份有限公司（04595252）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Printable proof' }));
    const proof = await screen.findByLabelText('E-invoice proof (電子發票證明聯)');
    expect(proof.textContent).toMatch(/NT\$1,000.*NT\$50.*NT\$1,050/);
  });

  it('lists each allowance and asks again while one is still being issued', async () => {
    const base: OrderInvoice = {
      state: 'issued',
      category: 'B2C',
      number: 'DM10000000',
      randomCode: '5072',
      issuedAt: '2026-11-28T05:00:00Z',
      choice: { kind: 'mobile', code: '/AB12C.+' },
      amount: 129,
      salesAmount: 123,
      taxAmount: 6,
      allowances: [{ number: null, amount: 30, state: 'pending' }],
    };
    invoice = base;
    render(withApp(<OrderInvoiceCard orderId={9} />));
    expect((await screen.findByTestId('invoice-allowance')).textContent).toBe(
      'Allowance —: NT$30 · being issued',
    );
    // the allowance job has issued it: the card shows its number without a reload
    invoice = { ...base, allowances: [{ number: 'A261128704297126', amount: 30, state: 'done' }] };
    await waitFor(
      () =>
        expect(screen.getByTestId('invoice-allowance').textContent).toBe(
          'Allowance A261128704297126: NT$30 · issued',
        ),
      { timeout: 5000 },
    );
    expect(screen.getByText('Allowance for refunds: NT$30')).toBeTruthy();
  });
});
