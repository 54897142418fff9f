import type { TFunction } from 'i18next';

const SINCE_YEAR = /^(.+) \((\d{4}) and later, cellular\)$/;
const SINCE_GENERATION = /^(.+) \((\d+)(?:st|nd|rd|th) generation and later, cellular\)$/;

/**
 * A device model as the buyer reads it. Names stay as the maker writes them ("iPhone 15", "Galaxy S24"); the
 * English the device list adds to a family ("iPad Air (3rd generation and later, cellular)") is said in the
 * buyer's language.
 */
export function deviceName(model: string, t: TFunction): string {
  const year = SINCE_YEAR.exec(model);
  if (year) return t('catalogue:devices.sinceYear', { model: year[1], year: year[2] });
  const generation = SINCE_GENERATION.exec(model);
  if (generation) return t('catalogue:devices.sinceGeneration', { model: generation[1], n: generation[2] });
  return model;
}
