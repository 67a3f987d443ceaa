import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema.js';

export type MediaRow = typeof media.$inferSelect;

/** SQL of brand files (logos, favicons, content images), kept in the database so every node serves them. */
export class MediaRepo {
  constructor(readonly db: Db) {}

  /** Stores a file in the caller's transaction (it commits with its audit row); answers its id. */
  async insert(tx: Db, values: typeof media.$inferInsert): Promise<number> {
    const [row] = await tx.insert(media).values(values).returning({ id: media.id });
    if (!row) throw new Error('media insert returned nothing');
    return row.id;
  }

  /** A stored file by id and name (both must match), with its bytes. */
  async find(id: number, name: string): Promise<MediaRow | undefined> {
    const [row] = await this.db
      .select()
      .from(media)
      .where(and(eq(media.id, id), eq(media.name, name)))
      .limit(1);
    return row;
  }

  /** The brand a file (by id and name) belongs to, undefined when there is no such file. */
  async brandOf(id: number, name: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ brandId: media.brandId })
      .from(media)
      .where(and(eq(media.id, id), eq(media.name, name)))
      .limit(1);
    return row?.brandId;
  }
}
