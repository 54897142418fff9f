import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictItem } from '@simshop/contracts';
import { setLanguage } from '../../../lib/i18n';
import { withApp } from '../../../test/app';
import { AddressForm } from './address-form';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/request', () => ({ request }));

const item = (id: number, value: string, name: string, parentId: number | null, children?: DictItem[]) => ({
  id,
  value,
  name,
  label: name,
  desc: null,
  parentId,
  orderNum: id,
  children,
});
const REGION = [
  item(1, 'TW', 'Taiwan', null, [
    item(2, 'TPE', 'Taipei City', 1, [item(3, '100', 'Zhongzheng', 2), item(4, '106', "Da'an", 2)]),
  ]),
];

beforeAll(() => setLanguage('en'));
beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async ({ url, data }: { url: string; data?: Record<string, unknown> }) => {
    if (url === 'app/dict/info/data') return { region: REGION };
    if (url === 'app/user/address/add') return { id: 9, ...data, fullAddress: 'x', isDefault: true };
    throw new Error(`unexpected call ${url}`);
  });
});

describe('AddressForm', () => {
  it("says what is missing with the spec's messages, and saves a Taiwan address in E.164 with its codes", async () => {
    const saved = vi.fn();
    render(withApp(<AddressForm onSaved={saved} />));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Please enter the recipient's name")).toBeTruthy();
    expect(screen.getByText('Please enter your mobile number')).toBeTruthy();
    expect(screen.getByText('Please choose the county or city')).toBeTruthy();
    expect(screen.getByText('Please enter the street address')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Recipient' }), { target: { value: 'Lin Mei' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country code required for international numbers')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0912 345 678' } });
    await screen.findByRole('option', { name: 'Taipei City' });
    fireEvent.change(screen.getByRole('combobox', { name: 'County or city' }), { target: { value: 'TPE' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'District' }), { target: { value: '106' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Street address' }), {
      target: { value: 'No. 1, Section 4, Roosevelt Rd' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const add = request.mock.calls.find(([c]) => c.url === 'app/user/address/add')![0];
    expect(add.data).toMatchObject({
      contact: 'Lin Mei',
      phone: '+886912345678',
      country: 'TW',
      countyCode: 'TPE',
      districtCode: '106',
      region: null,
      detail: 'No. 1, Section 4, Roosevelt Rd',
    });
  });

  it('clears a field\'s "required" error as soon as it is filled', async () => {
    render(withApp(<AddressForm onSaved={vi.fn()} />));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Please enter the recipient's name")).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Recipient' }), { target: { value: 'Lin Mei' } });
    expect(screen.queryByText("Please enter the recipient's name")).toBeNull();
    expect(screen.getByText('Please enter the street address')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Street address' }), { target: { value: 'No. 1' } });
    expect(screen.queryByText('Please enter the street address')).toBeNull();
  });

  it('with a country code chosen, says the number does not fit it', async () => {
    render(withApp(<AddressForm onSaved={vi.fn()} />));
    fireEvent.change(screen.getByRole('combobox', { name: 'Country code' }), { target: { value: '81' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0912 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is not a mobile number of the chosen country code')).toBeTruthy();
    expect(screen.queryByText('Country code required for international numbers')).toBeNull();
  });
});
