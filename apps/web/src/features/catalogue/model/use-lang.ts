import { useTranslation } from 'react-i18next';

/** The UI language: catalogue texts come back in it, so it is part of every catalogue query key. */
export function useLang(): string {
  return useTranslation().i18n.language;
}
