import { useTranslation } from 'react-i18next';
import { BoPage } from '../shell/BoPage.js';

/** Placeholder until the screen is built (issue 15). */
export function ContentPagesPage() {
  const { t } = useTranslation();
  return <BoPage title={t('bo.title')}>{null}</BoPage>;
}

/** Placeholder until the screen is built (issue 15). */
export function PageEditorPage() {
  const { t } = useTranslation();
  return <BoPage title={t('bo.title')}>{null}</BoPage>;
}
