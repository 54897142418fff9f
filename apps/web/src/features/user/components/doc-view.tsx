import { useTranslation } from 'react-i18next';
import './user.css';

export type DocType = 'agreement' | 'privacy';
export const DOC_TYPES: readonly DocType[] = ['agreement', 'privacy'];

/** `?type=` of the doc page: agreement (the default) or privacy. */
export function docTypeOf(value: string | null): DocType {
  return value === 'privacy' ? 'privacy' : 'agreement';
}

type Section = { h: string; p: string };

/** The user agreement or the privacy policy, section by section. */
export function DocView({ type }: { type: DocType }) {
  const { t } = useTranslation('user');
  const sections = t(`doc.${type}.sections`, { returnObjects: true }) as Record<string, Section>;
  return (
    <article className="user-doc">
      <p className="user-note">{t(`doc.${type}.updated`)}</p>
      <p>{t(`doc.${type}.intro`)}</p>
      {Object.entries(sections).map(([key, s]) => (
        <section key={key}>
          <h2>{s.h}</h2>
          <p>{s.p}</p>
        </section>
      ))}
    </article>
  );
}

/** Title of a document, for the page's title bar. */
export function useDocTitle(type: DocType): string {
  const { t } = useTranslation('user');
  return t(`doc.${type}.title`);
}
