import { LOCALES, type Locale } from '@simshop/contracts';

/** A namespace's strings: nested objects of translated text. */
export type Messages = { [key: string]: string | Messages };

// Every `<lang>/<namespace>.ts` default export is namespace <namespace> of <lang>:
// adding a file is all it takes to add a namespace.
const modules = import.meta.glob<{ default: Messages }>(['./*/*.ts', '!./*/*.test.ts'], { eager: true });

export const resources = Object.fromEntries(
  LOCALES.map((l) => [l, {} as Record<string, Messages>]),
) as Record<Locale, Record<string, Messages>>;

for (const [file, mod] of Object.entries(modules)) {
  const [, lang, ns] = /^\.\/([^/]+)\/([^/]+)\.ts$/.exec(file) ?? [];
  if (!lang || !ns || !(LOCALES as readonly string[]).includes(lang)) continue;
  resources[lang as Locale][ns] = mod.default;
}

/** Every namespace present in any locale. */
export const namespaces = [...new Set(LOCALES.flatMap((l) => Object.keys(resources[l])))].sort();
