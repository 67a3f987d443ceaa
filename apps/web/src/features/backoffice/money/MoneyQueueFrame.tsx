import type { ReactNode } from 'react';
import { useBackofficeLive } from '../live.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { BrandFilter } from '../shell/BrandFilter.js';
import { NoAccess } from '../shell/states.js';
import { LiveBadge, RefreshButton } from './queueControls.js';

/**
 * The page frame of a live money queue (deposits, withdrawals, staff money requests): the title,
 * the lead with the live badge, a brand filter and refresh for those allowed, and the no-access
 * panel instead of the queue for everybody else. A decision dialog rides along after the content.
 */
export function MoneyQueueFrame({
  title,
  lead,
  testId,
  allowed,
  brandId,
  onBrand,
  fetching,
  onRefresh,
  dialog,
  children,
}: {
  title: string;
  lead: string;
  testId: string;
  /** Whether the reader may see this queue. */
  allowed: boolean;
  brandId: number | undefined;
  onBrand: (brandId: number | undefined) => void;
  /** The queue is being fetched (the refresh button spins). */
  fetching: boolean;
  onRefresh: () => void;
  /** The open decision dialog, if any. */
  dialog?: ReactNode;
  /** The queue itself, shown when allowed. */
  children: ReactNode;
}) {
  const live = useBackofficeLive();
  return (
    <BoPage
      title={title}
      testId={testId}
      subtitle={
        <span className="d-inline-flex align-items-center gap-2 flex-wrap">
          {lead}
          <LiveBadge live={live} />
        </span>
      }
      actions={
        allowed && (
          <>
            <BrandFilter value={brandId} onChange={onBrand} />
            <RefreshButton fetching={fetching} onRefresh={onRefresh} />
          </>
        )
      }
    >
      {!allowed ? (
        <BoPanel>
          <NoAccess />
        </BoPanel>
      ) : (
        children
      )}
      {dialog}
    </BoPage>
  );
}
