import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoFormat } from '../money/format.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { BrandFilter } from '../shell/BrandFilter.js';
import { LoadError } from '../shell/panelStates.js';
import { useStaffSession } from '../shell/session.js';
import { NoAccess } from '../shell/states.js';
import { ClosesStream } from './ClosesStream.js';
import { ConvertedTotals, GroupTiles } from './DeskTotals.js';
import { ExposureTable } from './ExposureTable.js';
import { HaltsPanel } from './HaltsPanel.js';
import { NearestTable } from './NearestTable.js';
import { PositionsPanel } from './PositionsPanel.js';
import { useDealingDesk } from './useDealingDesk.js';
import '../money/money.css';
import './dealing.css';

/**
 * The dealing desk: the broker's book against its clients, live over the `/backoffice` socket —
 * totals per asset class, exposure per instrument, the accounts nearest to stop-out, the stream of closes — then
 * the open positions with closing for a reason, and the instruments halted per brand.
 */
export function DealingPage() {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
  const [symbol, setSymbol] = useState('');
  const [page, setPage] = useState(1);
  const readPositions = can('positions.read');
  const readExposure = can('exposure.read');
  const mayHalt = can('instruments.halt');

  const chooseSymbol = (next: string) => {
    setSymbol(next);
    setPage(1);
  };

  return (
    <BoPage
      title={t('bod.title')}
      subtitle={t('bod.lead')}
      testId="bo-dealing"
      actions={
        (readPositions || readExposure || mayHalt) && (
          <BrandFilter
            value={brandId}
            onChange={(next) => {
              setBrandId(next);
              setPage(1);
            }}
          />
        )
      }
    >
      {!readPositions && !readExposure && !mayHalt && (
        <BoPanel>
          <NoAccess />
        </BoPanel>
      )}
      {readExposure && <LiveDesk brandId={brandId} symbol={symbol} onSymbol={chooseSymbol} />}
      {readPositions && (
        <PositionsPanel
          brandId={brandId}
          symbol={symbol}
          page={page}
          onSymbol={chooseSymbol}
          onPage={setPage}
        />
      )}
      {mayHalt && <HaltsPanel brandId={brandId} />}
    </BoPage>
  );
}

function LiveDesk({
  brandId,
  symbol,
  onSymbol,
}: {
  brandId: number | undefined;
  symbol: string;
  onSymbol: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const desk = useDealingDesk(brandId, true);
  const { snapshot } = desk;
  const loading = desk.snapshotQuery.isPending;
  return (
    <div className="bod-desk">
      <div className="bod-status" data-testid="bod-status">
        <span className={`bod-live ${desk.connected ? 'bod-live-on' : ''}`} data-testid="bod-live">
          <span className="bod-live-dot" aria-hidden="true" />
          {desk.connected ? t('bod.live') : t('bod.offline')}
        </span>
        {snapshot && (
          <span className="bom-sub ob-num" data-testid="bod-updated">
            {t('bod.updated', { time: format.dateTime(snapshot.at) })}
            {' · '}
            {t('bod.accounts', { count: snapshot.totals.accounts })}
          </span>
        )}
      </div>
      {desk.snapshotQuery.isError && !snapshot ? (
        <BoPanel>
          <LoadError error={desk.snapshotQuery.error} onRetry={() => void desk.snapshotQuery.refetch()} />
        </BoPanel>
      ) : (
        <>
          <ConvertedTotals snapshot={snapshot} />
          <GroupTiles snapshot={snapshot} />
          <div className="bod-grid">
            <ExposureTable snapshot={snapshot} loading={loading} selected={symbol} onSymbol={onSymbol} />
            <NearestTable snapshot={snapshot} loading={loading} />
            <ClosesStream closes={desk.closes} loading={desk.closesQuery.isPending} />
          </div>
        </>
      )}
    </div>
  );
}
