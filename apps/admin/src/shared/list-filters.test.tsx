import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { dayRange, eqFilters, FilterBar, FilterSelect } from './list-filters';

describe('list filters', () => {
  it('makes one eq filter per named field, with the value the form holds (undefined filters nothing)', () => {
    expect(eqFilters({ state: 'stuck', other: 1, none: undefined }, 'state', 'none')).toEqual([
      { field: 'state', operator: 'eq', value: 'stuck' },
      { field: 'none', operator: 'eq', value: undefined },
    ]);
  });

  it('turns a picked range of days into epoch ms from the start of the first to the end of the last', () => {
    const from = dayjs('2026-03-01T15:00:00');
    const to = dayjs('2026-03-02T09:00:00');
    expect(dayRange('createdAt', [from, to])).toEqual({
      field: 'createdAt',
      operator: 'between',
      value: [dayjs('2026-03-01T00:00:00').valueOf(), dayjs('2026-03-02T23:59:59.999').valueOf()],
    });
    expect(dayRange('createdAt', null)).toEqual({
      field: 'createdAt',
      operator: 'between',
      value: undefined,
    });
  });

  it('submits the filter bar with its fields, starting from the initial values', async () => {
    const onFinish = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <FilterBar formProps={{ onFinish }} initialValues={{ state: 'stuck' }}>
          <FilterSelect name="state" values={['stuck', 'delivered']} label={(s) => `state ${s}`} />
        </FilterBar>
      </I18nextProvider>,
    );
    expect(screen.getByText('state stuck')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('buttons.filter') }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ state: 'stuck' }));
  });
});
