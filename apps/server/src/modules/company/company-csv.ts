import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { COMPANY_CSV_MAX_ROWS, ErrorCode, type Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { AppError, fail, type ErrorCodeName } from '../../platform/errors';
import { t } from '../../platform/messages';
import { destinationName, isKnownDestination } from '../catalogue';
import { phoneE164 } from './company-members.service';

// The travellers' CSV (UTF-8, a BOM is fine, any script in names): parsed with csv-parse, then each row
// checked; every problem is reported on its row, in the reader's language, and nothing is written here.

export type TravellerInput = {
  row: number;
  name: string;
  phone: string | null;
  email: string | null;
  destination: string | null;
  startDate: string | null;
  endDate: string | null;
  errors: { code: number; message: string }[];
};

/** Header names (any case) that name each column, in the shop's languages. */
const HEADERS: Record<keyof Omit<TravellerInput, 'row' | 'errors'>, string[]> = {
  name: ['name', 'traveller', 'traveler', 'nombre', 'nom', '姓名', '名字', '旅客', '出行人'],
  phone: [
    'phone',
    'mobile',
    'teléfono',
    'telefono',
    'téléphone',
    'telephone',
    '手机',
    '手機',
    '电话',
    '電話',
    '手机号',
    '手機號碼',
  ],
  email: ['email', 'e-mail', 'correo', 'courriel', '邮箱', '電子郵件', '电子邮件', '郵箱'],
  destination: ['destination', 'destino', 'country', '目的地', '国家', '國家'],
  startDate: [
    'start',
    'start date',
    'departure',
    'from',
    'salida',
    'départ',
    'depart',
    '出发',
    '出發',
    '出发日期',
    '出發日期',
  ],
  endDate: ['end', 'end date', 'return', 'to', 'regreso', 'retour', '返回', '回程', '返回日期', '回程日期'],
};
const ORDER = [
  'name',
  'phone',
  'email',
  'destination',
  'startDate',
  'endDate',
] as const satisfies readonly (keyof typeof HEADERS)[];

/** Which column holds what: from a recognised header row, else the documented order (no header). */
function columnsOf(first: string[]): { map: Record<string, number>; header: boolean } {
  const map: Record<string, number> = {};
  first.forEach((cell, i) => {
    const key = ORDER.find((k) => HEADERS[k].includes(cell.trim().toLowerCase()));
    if (key && map[key] === undefined) map[key] = i;
  });
  if (map.name !== undefined) return { map, header: true };
  return { map: Object.fromEntries(ORDER.map((k, i) => [k, i])), header: false };
}

const emailRule = z.email().max(254);
const isDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** Accepts 2026/3/5 and 2026.03.05 as well, stored as 2026-03-05. */
const dateOf = (s: string) =>
  s.replace(
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/,
    (_, y: string, m: string, d: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`,
  );

/**
 * Parses and checks the CSV; CSV-level problems throw, row problems are listed on their rows. `covers`: whether
 * the chosen plan covers a destination (a row going elsewhere is an error).
 */
export function parseTravellers(
  ctx: AppContext,
  csv: string,
  locale: Locale,
  covers: ((destination: string) => boolean) | null = null,
): TravellerInput[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = typeof err.lines === 'number' ? err.lines : null;
    return fail('COMPANY_CSV_INVALID', { reason: line ? `line ${line}` : 'format' });
  }
  records = records.filter((r) => r.some((c) => c !== ''));
  const first = records[0] ?? fail('COMPANY_CSV_EMPTY');
  const { map, header } = columnsOf(first);
  const body = header ? records.slice(1) : records;
  if (body.length === 0) fail('COMPANY_CSV_EMPTY');
  if (body.length > COMPANY_CSV_MAX_ROWS) fail('COMPANY_CSV_TOO_LARGE', { max: COMPANY_CSV_MAX_ROWS });
  const seen = new Map<string, number>();
  return body.map((cells, i) => {
    const row = i + (header ? 2 : 1);
    const cell = (k: keyof typeof HEADERS) => (map[k] === undefined ? '' : (cells[map[k]] ?? '').trim());
    const errors: TravellerInput['errors'] = [];
    const err = (name: ErrorCodeName, params: Record<string, string | number> = {}) =>
      errors.push({ code: ErrorCode[name], message: t(locale, name, { row, ...params }) });
    const name = cell('name').normalize('NFC');
    if (!name) err('COMPANY_ROW_NAME_REQUIRED');
    const rawPhone = cell('phone');
    const rawEmail = cell('email').toLowerCase();
    let phone: string | null = null;
    if (rawPhone) {
      try {
        phone = phoneE164(ctx, rawPhone);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        err('COMPANY_ROW_PHONE_INVALID', { value: rawPhone });
      }
    }
    let email: string | null = null;
    if (rawEmail) {
      if (emailRule.safeParse(rawEmail).success) email = rawEmail;
      else err('COMPANY_ROW_EMAIL_INVALID', { value: rawEmail });
    }
    if (!rawPhone && !rawEmail) err('COMPANY_ROW_CONTACT_REQUIRED');
    const rawDest = cell('destination').toUpperCase();
    const destination = rawDest || null;
    if (rawDest && !isKnownDestination(rawDest))
      err('COMPANY_ROW_DESTINATION_UNKNOWN', { value: cell('destination') });
    else if (rawDest && covers && !covers(rawDest))
      err('COMPANY_ROW_DESTINATION_NOT_COVERED', { value: destinationName(rawDest, locale) });
    const dateIn = (k: 'startDate' | 'endDate') => {
      const raw = cell(k);
      if (!raw) return null;
      const d = dateOf(raw);
      if (isDate(d)) return d;
      err('COMPANY_ROW_DATE_INVALID', { value: raw });
      return null;
    };
    const startDate = dateIn('startDate');
    const endDate = dateIn('endDate');
    if (startDate && endDate && endDate < startDate) err('COMPANY_ROW_DATES_REVERSED');
    for (const key of [phone && `p:${phone}`, email && `e:${email}`]) {
      if (!key) continue;
      const first = seen.get(key);
      if (first !== undefined) {
        err('COMPANY_ROW_DUPLICATE', { first });
        break;
      }
    }
    for (const key of [phone && `p:${phone}`, email && `e:${email}`])
      if (key && !seen.has(key)) seen.set(key, row);
    return { row, name: name.slice(0, 120), phone, email, destination, startDate, endDate, errors };
  });
}
