import type { Message } from '@openbroker/domain';
import { Alert } from 'react-bootstrap';
import { useMessageText } from '../../../ui/forms.js';
import { ClosedMarket } from '../markets/NextOpen.js';

/**
 * Why the client cannot trade the symbol now: no price (spec §8 'temporarily unavailable', with the market's
 * next opening where it is closed) or a rule of the account.
 */
export function TradeBlockNotice({ block, nextOpen }: { block: Message; nextOpen: number | null }) {
  const text = useMessageText();
  const unavailable = block.key === 'trade.temporarilyUnavailable';
  return (
    <Alert
      variant={unavailable ? 'secondary' : 'warning'}
      className="ob-form-alert py-2 small d-flex align-items-center gap-2"
      data-testid="trade-block"
    >
      <i className={`bi ${unavailable ? 'bi-pause-circle' : 'bi-shield-lock'}`} aria-hidden="true" />
      {/* spec §8: the panel says 'temporarily unavailable' when there is no price */}
      <span>
        {text(unavailable ? { key: 'trade.temporarilyUnavailableLower' } : block)}
        {unavailable && nextOpen !== null && (
          <ClosedMarket nextOpen={nextOpen} className="d-block" testId="trade-closed" />
        )}
      </span>
    </Alert>
  );
}
