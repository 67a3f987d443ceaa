/**
 * A client's compliance standing (docs/compliance.md): what the compliance checks found, and the one place the
 * server asks what it stops. Each check (screening, the appropriateness test, document expiry, the risk score)
 * writes its part through `update`, which also reloads the client's accounts into the engine so a new trade or a
 * fill is refused at once. Payments ask `assertAllowed` before a deposit or a withdrawal request.
 */
import {
  type ComplianceAction,
  type ComplianceStatus,
  complianceBlock,
  complianceBlocks,
  type Message,
} from '@openbroker/domain';
import { AppError } from '../../lib/errors.js';
import type { Brand } from '../brands/brands.service.js';
import {
  type ClientComplianceRow,
  type ComplianceStatusPatch,
  type ComplianceStatusRepo,
  complianceStatusOf,
} from './compliance-status.repo.js';

export interface ComplianceStatusDeps {
  /** Reloads every trading account of a client into the engine that owns it (settings, standing). */
  refreshClient(userId: number): Promise<void>;
  /** The clock (tests move it). */
  now?: () => number;
}

/** What a compliance standing stops, as an error the client area shows: 403 with the reason's message. */
export const complianceStopped = (message: Message) =>
  new AppError(403, 'COMPLIANCE_BLOCKED', message.key, message.params);

/** Whether a brand asks its clients to take the appropriateness test before trading live. */
export const appropriatenessRequired = (brand: Pick<Brand, 'settings'>): boolean =>
  brand.settings.compliance?.appropriatenessRequired === true;

/** Told after a client's standing changed: which client and which columns (the risk score recomputes on them). */
export type ComplianceListener = (userId: number, changed: readonly (keyof ComplianceStatusPatch)[]) => void;

export class ComplianceStatusService {
  private readonly now: () => number;
  private readonly listeners = new Set<ComplianceListener>();

  constructor(
    readonly repo: ComplianceStatusRepo,
    private readonly deps: ComplianceStatusDeps,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** The client's stored row (undefined: clear, never written). */
  row(userId: number): Promise<ClientComplianceRow | undefined> {
    return this.repo.get(userId);
  }

  async statusOf(userId: number, brand: Pick<Brand, 'settings'>): Promise<ComplianceStatus> {
    return complianceStatusOf(await this.repo.get(userId), appropriatenessRequired(brand));
  }

  /** What the standing stops now on an account of this kind: trade, deposit, withdraw (null: allowed). */
  async blocks(userId: number, brand: Pick<Brand, 'settings'>, kind: 'live' | 'demo' = 'live') {
    return complianceBlocks(await this.statusOf(userId, brand), this.now(), kind);
  }

  /** Refuses an action the client's standing stops, with its reason (403 COMPLIANCE_BLOCKED). */
  async assertAllowed(
    userId: number,
    brand: Pick<Brand, 'settings'>,
    action: ComplianceAction,
    kind: 'live' | 'demo' = 'live',
  ): Promise<void> {
    const stopped = complianceBlock(await this.statusOf(userId, brand), action, this.now(), kind);
    if (stopped) throw complianceStopped(stopped);
  }

  /**
   * Writes a check's part of the client's standing and reloads the client's accounts into the engine. To commit the
   * standing with its cause, write through a repo on the caller's transaction and call `applied` after the commit.
   */
  async update(userId: number, patch: ComplianceStatusPatch): Promise<ClientComplianceRow> {
    const row = await this.repo.update(userId, patch);
    await this.applied(userId, Object.keys(patch) as (keyof ComplianceStatusPatch)[]);
    return row;
  }

  /**
   * After a committed change of a client's standing: the engine trades by the new one from now on, and the
   * listeners hear which columns changed.
   */
  async applied(userId: number, changed: readonly (keyof ComplianceStatusPatch)[]): Promise<void> {
    await this.deps.refreshClient(userId);
    for (const listener of this.listeners) listener(userId, changed);
  }

  /** Hears every change of a client's standing (after the engine reloaded it); returns the unsubscribe. */
  onUpdated(listener: ComplianceListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
