import {
  ONE_CLICK_MAX_SIZES,
  type OneClickSizeInput,
  type OneClickSwitchInput,
  type TradingSettings,
} from '@openbroker/domain';
import { AppError } from '../../lib/errors.js';
import type { TradingSettingsRepo } from './trading-settings.repo.js';

/**
 * A client's trading settings: one-click trading and the default one-click sizes. One-click goes on only with the
 * risk acknowledgement, recorded with its time and the session it came from; it goes off at any time. A default
 * size names an instrument of the catalogue; whether the client may trade it at that leverage, with that margin, now,
 * is checked by the trade itself (the same command and checks as the ticket's); a leverage the client may not use on
 * it is refused when the size is saved already.
 */
export class TradingSettingsService {
  private readonly symbols: ReadonlySet<string>;

  constructor(
    private readonly repo: TradingSettingsRepo,
    catalogue: { instruments: readonly { symbol: string }[] },
    /**
     * The leverages the client may use on a symbol, by the rules the engine's open checks (its category's list, the
     * client's custom leverage, the brand's cap); undefined when this server does not hold the account.
     */
    private readonly leveragesOf: (userId: number, symbol: string) => readonly number[] | undefined = () =>
      undefined,
  ) {
    this.symbols = new Set(catalogue.instruments.map((i) => i.symbol));
  }

  async settings(userId: number): Promise<TradingSettings> {
    const row = await this.repo.find(userId);
    return {
      oneClick: row.oneClick,
      acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
      sizes: row.sizes,
    };
  }

  /** On only with the acknowledgement (400 'oneClick.ackRequired' without); off at any time. */
  async switchOneClick(
    userId: number,
    sessionId: number,
    input: OneClickSwitchInput,
  ): Promise<TradingSettings> {
    if (input.on) {
      if (input.acknowledged !== true) throw new AppError(400, 'ACK_REQUIRED', 'oneClick.ackRequired');
      await this.repo.switchOn(userId, sessionId);
    } else {
      await this.repo.switchOff(userId);
    }
    return this.settings(userId);
  }

  /** Sets an instrument's default one-click size (400 'oneClick.unknownSymbol' for a symbol not in the catalogue). */
  async saveSize(userId: number, input: OneClickSizeInput): Promise<TradingSettings> {
    if (!this.symbols.has(input.symbol)) throw new AppError(400, 'UNKNOWN_SYMBOL', 'oneClick.unknownSymbol');
    // a leverage the client may not use on it: refused now rather than on the first click (the trade checks again)
    const allowed = this.leveragesOf(userId, input.symbol);
    if (allowed && !allowed.includes(input.leverage))
      throw new AppError(400, 'LEVERAGE_NOT_ALLOWED', 'trade.leverageNotAllowed');
    const size = { symbol: input.symbol, amount: input.amount, leverage: input.leverage };
    if (!(await this.repo.saveSize(userId, size, ONE_CLICK_MAX_SIZES)))
      throw new AppError(409, 'SIZE_LIMIT', 'oneClick.tooManySizes');
    return this.settings(userId);
  }
}
