import { DEFAULT_LOCALE, LOCALES, type Locale } from '@simshop/contracts';
import type { Docs } from './types';

export type { Doc, DocSection, Docs } from './types';

// One chunk per language, fetched when the doc page opens: the documents are the longest texts of the app
// and stay out of the first load.
const loaders = import.meta.glob<{ default: Docs }>(['./*.ts', '!./index.ts', '!./types.ts', '!./*.test.ts']);

export const docLoaders: Partial<Record<Locale, () => Promise<{ default: Docs }>>> = Object.fromEntries(
  Object.entries(loaders).map(([file, load]) => [file.replace(/^\.\/(.+)\.ts$/, '$1'), load]),
);

/** The documents in a language (the default language's when a translation is missing). */
export async function loadDocs(lang: Locale): Promise<Docs> {
  const load = docLoaders[lang] ?? docLoaders[DEFAULT_LOCALE];
  if (!load) throw new Error(`no documents for ${lang}`);
  return (await load()).default;
}

export const DOC_LANGUAGES = LOCALES;
