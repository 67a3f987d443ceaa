import type { Direction } from '@openbroker/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The facts a dialog shows of the position or order it acts on, the direction first. */
export function TradeFacts({ direction, children }: { direction: Direction; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <dl className="ob-trade-facts mb-3">
      <div>
        <dt>{t('positions.col.direction')}</dt>
        <dd className={direction === 'buy' ? 'ob-up' : 'ob-down'}>
          {t(direction === 'buy' ? 'trade.buy' : 'trade.sell')}
        </dd>
      </div>
      {children}
    </dl>
  );
}
