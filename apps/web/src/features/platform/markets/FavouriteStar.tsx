import { useTranslation } from 'react-i18next';

/** The star of a market row: puts the market on the favourites or takes it off (a toggle button). */
export function FavouriteStar({
  symbol,
  on,
  onToggle,
}: {
  symbol: string;
  on: boolean;
  onToggle: (symbol: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={on ? 'ob-star is-on' : 'ob-star'}
      aria-pressed={on}
      aria-label={t(on ? 'watch.star.remove' : 'watch.star.add', { symbol })}
      title={t(on ? 'watch.star.remove' : 'watch.star.add', { symbol })}
      data-testid={`market-star-${symbol}`}
      onClick={(event) => {
        // the row itself opens the market
        event.stopPropagation();
        onToggle(symbol, !on);
      }}
    >
      <i className={on ? 'bi bi-star-fill' : 'bi bi-star'} aria-hidden="true" />
    </button>
  );
}
