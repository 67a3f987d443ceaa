import type { PositionId, PositionIdAllocator } from '../../engine/index.js';

export interface PositionIdReserveOptions {
  /** Ids reserved per database round trip; default 1000. */
  blockSize?: number;
  /** Refill when fewer than this many are left; default half a block. */
  lowWater?: number;
  /** Told when a refill in the background failed (the next `next()` tries again). */
  onError?: (error: unknown) => void;
}

/**
 * Position ids for the engine's hot path (architecture §5, §9): taken synchronously from ids reserved in blocks
 * from the database's sequence, and refilled in the background before they run out. Every id comes from
 * `nextval`, so two processes on one database — or one process before and after a restart — never hand out the
 * same id; ids reserved but unused when a process stops are simply never used (gaps are harmless).
 */
export class PositionIdReserve implements PositionIdAllocator {
  private ids: PositionId[] = [];
  private head = 0;
  private refilling: Promise<void> | undefined;
  private readonly blockSize: number;
  private readonly lowWater: number;

  constructor(
    private readonly reserve: (count: number) => Promise<PositionId[]>,
    private readonly options: PositionIdReserveOptions = {},
  ) {
    this.blockSize = options.blockSize ?? 1000;
    this.lowWater = options.lowWater ?? Math.ceil(this.blockSize / 2);
  }

  /** Ids reserved and not yet handed out. */
  get available(): number {
    return this.ids.length - this.head;
  }

  next(): PositionId | undefined {
    const id = this.head < this.ids.length ? this.ids[this.head++] : undefined;
    if (this.available < this.lowWater && !this.refilling)
      this.refill().catch((error: unknown) => this.options.onError?.(error));
    return id;
  }

  /** Reserves another block (one request at a time; concurrent callers share it). Rejects if the database fails. */
  refill(): Promise<void> {
    this.refilling ??= this.reserve(this.blockSize)
      .then((block) => {
        this.ids = this.ids.slice(this.head).concat([...block].sort((a, b) => a - b));
        this.head = 0;
      })
      .finally(() => {
        this.refilling = undefined;
      });
    return this.refilling;
  }
}
