import { useTranslation } from 'react-i18next';
import { isAndroid } from '../model/format';

const STEPS = ['s1', 's2', 's3', 's4'] as const;

/** How to install the eSIM, iPhone and Android (the reader's own platform first), and what to know first. */
export function InstallSteps({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation('simcard');
  const platforms = isAndroid(userAgent) ? (['android', 'ios'] as const) : (['ios', 'android'] as const);
  return (
    <section className="sim-card-box" aria-labelledby="sim-install">
      <h2 id="sim-install">{t('install.title')}</h2>
      <p className="sim-hint">{t('install.tips')}</p>
      {platforms.map((p) => (
        <details key={p} className="sim-steps" open={p === platforms[0]}>
          <summary>{t(`install.${p}`)}</summary>
          <ol>
            {STEPS.map((s) => (
              <li key={s}>{t(`install.${p}Steps.${s}`)}</li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}
