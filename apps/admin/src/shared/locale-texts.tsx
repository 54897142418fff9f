import { Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@simshop/contracts';
import { LANGUAGE_NAMES } from '../lib/i18n';

export type TextField = { key: string; label: string; required?: boolean; multiline?: boolean; max?: number };

/**
 * One form section per language (zh-Hans, zh-Hant, en, fr, es) for the texts of a record: `name.<lang>.<field>`.
 * The server needs at least one language; the shop falls back to another for the missing ones.
 */
export function LocaleTexts({ name, fields }: { name: string; fields: TextField[] }) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      items={LOCALES.map((lang) => ({
        key: lang,
        label: LANGUAGE_NAMES[lang],
        forceRender: true,
        children: fields.map((f) => (
          <Form.Item
            key={f.key}
            name={[name, lang, f.key]}
            label={f.label}
            rules={f.required && lang === 'zh-Hans' ? [{ required: true, message: t('form.required') }] : []}
          >
            {f.multiline ? <Input.TextArea rows={4} maxLength={f.max} /> : <Input maxLength={f.max} />}
          </Form.Item>
        )),
      }))}
    />
  );
}

/** Drops languages whose fields are all empty (the server refuses an empty title, not a missing language). */
export function compactTexts<T extends Record<string, unknown>>(
  texts: Record<string, T | undefined> | undefined,
) {
  const out: Record<string, T> = {};
  for (const [lang, v] of Object.entries(texts ?? {})) {
    if (!v) continue;
    const kept = Object.fromEntries(
      Object.entries(v).filter(([, x]) => x !== undefined && x !== null && String(x).trim() !== ''),
    ) as T;
    if (Object.keys(kept).length) out[lang] = kept;
  }
  return out;
}
