import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DotLoading } from 'antd-mobile';
import { currentLanguage } from '../../../lib/i18n';
import { loadDocs } from '../docs';
import './user.css';

export type DocType = 'agreement' | 'privacy';
export const DOC_TYPES: readonly DocType[] = ['agreement', 'privacy'];

/** `?type=` of the doc page: agreement (the default) or privacy. */
export function docTypeOf(value: string | null): DocType {
  return value === 'privacy' ? 'privacy' : 'agreement';
}

/** The user agreement or the privacy policy in the UI language, section by section. */
export function DocView({ type }: { type: DocType }) {
  const { t } = useTranslation('user');
  const lang = currentLanguage();
  const query = useQuery({
    queryKey: ['docs', lang],
    queryFn: () => loadDocs(lang),
    staleTime: Infinity,
  });

  if (query.isPending) {
    return (
      <p className="user-note" role="status">
        {t('doc.loading')}
        <DotLoading />
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="user-note" role="alert">
        {t('doc.loadFailed')}{' '}
        <Button size="mini" onClick={() => void query.refetch()}>
          {t('doc.retry')}
        </Button>
      </p>
    );
  }
  const doc = query.data[type];
  return (
    <article className="user-doc" lang={lang}>
      <p className="user-note">{doc.updated}</p>
      <p>{doc.intro}</p>
      {Object.entries(doc.sections).map(([key, s]) => (
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
