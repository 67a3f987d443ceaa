import { useTranslation } from 'react-i18next';

/** The amber "DEMO" pill every demo account carries wherever it shows (never mistaken for real money). */
export function DemoBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`ob-demo-badge ${className}`} title={t('accounts.demoTitle')} data-testid="demo-badge">
      {t('accounts.demo')}
    </span>
  );
}
