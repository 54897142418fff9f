import { LOCALES, type Locale } from '@simshop/contracts';

/** A namespace's strings: nested objects of translated text. */
export type Messages = { [key: string]: string | Messages };

/** A locale module: its default export is one namespace of one language. */
export type LocaleModule = { default: Messages };

// Every `<lang>/<namespace>.ts` default export is namespace <namespace> of <lang>: adding a file is all it takes
// to add a namespace. Imported lazily, so the first load carries only the languages the UI actually needs.
const loaders = import.meta.glob<LocaleModule>(['./*/*.ts', '!./*/*.test.ts']);

/** `./en/common.ts` -> `{ lang: 'en', ns: 'common' }`; null for anything that is not a locale file. */
export function parseLocaleFile(file: string): { lang: Locale; ns: string } | null {
  const [, lang, ns] = /^\.\/([^/]+)\/([^/]+)\.ts$/.exec(file) ?? [];
  if (!lang || !ns || !(LOCALES as readonly string[]).includes(lang)) return null;
  return { lang: lang as Locale, ns };
}

/** Every namespace present in any locale (known from the file names, without loading any). */
export const namespaces = [
  ...new Set(
    Object.keys(loaders)
      .map((f) => parseLocaleFile(f)?.ns)
      .filter((ns): ns is string => !!ns),
  ),
].sort();

/** Imports every namespace of one language: `{ <namespace>: messages }`. */
export async function loadMessages(lang: Locale): Promise<Record<string, Messages>> {
  const entries = await Promise.all(
    Object.entries(loaders)
      .filter(([file]) => parseLocaleFile(file)?.lang === lang)
      .map(async ([file, load]) => [parseLocaleFile(file)!.ns, (await load()).default] as const),
  );
  return Object.fromEntries(entries);
}
