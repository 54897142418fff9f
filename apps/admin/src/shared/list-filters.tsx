// The filter bar above the console's list pages (refine's useTable search form): the inline form, its select
// fields and the Filter button, and the helpers that turn the form's values into refine filters.
import type { ReactNode } from 'react';
import type { CrudFilter } from '@refinedev/core';
import { Button, Form, Select, type FormProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** The inline search form of a list page with its Filter button; `formProps` is useTable's searchFormProps. */
export function FilterBar<V>(props: {
  formProps: FormProps<V>;
  initialValues?: Partial<V>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form
      {...props.formProps}
      layout="inline"
      {...(props.initialValues ? { initialValues: props.initialValues } : {})}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {props.children}
      <Button type="primary" htmlType="submit">
        {t('buttons.filter')}
      </Button>
    </Form>
  );
}

/** A clearable select field of the filter bar, offering `values` with the labels `label` gives them. */
export function FilterSelect<T extends string | number>(props: {
  name: string;
  values: readonly T[];
  label: (value: T) => string;
  placeholder?: string;
  width?: number;
}) {
  return (
    <Form.Item name={props.name}>
      <Select
        allowClear
        style={{ width: props.width ?? 160 }}
        placeholder={props.placeholder}
        options={props.values.map((value) => ({ value, label: props.label(value) }))}
      />
    </Form.Item>
  );
}

/** One `eq` filter per named field of the search form's values (an empty value filters nothing). */
export function eqFilters<V extends object>(values: V, ...fields: (keyof V & string)[]): CrudFilter[] {
  return fields.map((field) => ({ field, operator: 'eq', value: values[field] }));
}

/** A `between` filter on `field` over whole days, from a range picker's value (epoch ms, start and end of day). */
export function dayRange(field: string, dates: [Dayjs | null, Dayjs | null] | null | undefined): CrudFilter {
  return {
    field,
    operator: 'between',
    value: dates ? [dates[0]?.startOf('day').valueOf(), dates[1]?.endOf('day').valueOf()] : undefined,
  };
}
