import type { App } from '../../http.js';
import type { PaymentsService } from './payments.service.js';

/** How often the server looks for deposits abandoned at their provider. */
export const EXPIRY_SWEEP_MS = 60_000;

/**
 * Expires abandoned card, e-wallet and cashier deposits once a minute, for as long as the app
 * runs: PAYMENT_PENDING_EXPIRY_MINUTES after they were created they go Pending → Cancelled with an
 * "expired" note (PaymentsService.expireAbandoned). A client's own list expires theirs at once as well,
 * so nobody sees a stale Pending between two sweeps. The timer never keeps the process alive.
 */
export function scheduleDepositExpiry(
  app: App,
  payments: Pick<PaymentsService, 'expireAbandoned'>,
  maxAgeMs: number,
): void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await payments.expireAbandoned(maxAgeMs);
      if (expired > 0)
        app.log.info(
          { expired, afterMinutes: maxAgeMs / 60_000 },
          'payments: expired deposits abandoned at their provider',
        );
    } catch (err) {
      app.log.error({ err }, 'payments: expiring abandoned deposits failed; the next sweep tries again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
