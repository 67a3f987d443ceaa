import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { readTheme, toggleTheme } from './theme.js';

/** spec §2: switches dark/light, stores the choice and reloads the page. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = readTheme();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Button
      variant="link"
      className="ob-icon-button"
      data-testid="theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => toggleTheme(() => window.location.reload())}
    >
      <i className={`bi ${theme === 'dark' ? 'bi-sun' : 'bi-moon-stars'}`} aria-hidden="true" />
    </Button>
  );
}
