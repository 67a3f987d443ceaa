import { createHash } from 'node:crypto';
import { MEDIA_MAX_BYTES, type MessageKey } from '@openbroker/domain';
import type { Db } from '../../db/client.js';
import { MediaRepo } from './media.repo.js';
import { inspectMedia, type MediaType, mediaName } from './media-content.js';

/** A stored brand file as staff and the content editor see it. */
export interface StoredMedia {
  id: number;
  brandId: number;
  name: string;
  contentType: MediaType;
  size: number;
  /** Where the public site loads it: `/media/<id>/<name>`. */
  url: string;
}

export type StoreResult = { ok: true; media: StoredMedia } | { ok: false; key: MessageKey };

export interface StoreInput {
  brandId: number;
  /** The name the browser sent; only its base survives, with the real type's extension. */
  originalName: string;
  content: Buffer;
  /** The multipart parser stopped at the size limit. */
  truncated?: boolean;
  /** Staff id of the uploader. */
  createdBy: number | null;
}

export const mediaUrl = (id: number, name: string) => `/media/${id}/${name}`;

/**
 * Brand files (logos, favicons, content images), kept in the database so every node serves
 * them. `store` checks the content (media-content.ts), writes the row and runs `audit` in the same
 * transaction; the content editor calls it the same way for its images.
 */
export class MediaService {
  private readonly repo: MediaRepo;

  constructor(db: Db) {
    this.repo = new MediaRepo(db);
  }

  async store(
    input: StoreInput,
    audit?: (tx: Db, stored: StoredMedia) => Promise<unknown>,
  ): Promise<StoreResult> {
    if (input.content.length === 0) return { ok: false, key: 'boBrands.fileMissing' };
    if (input.truncated || input.content.length > MEDIA_MAX_BYTES)
      return { ok: false, key: 'boBrands.fileTooBig' };
    const verdict = await inspectMedia(input.content);
    if (!verdict.ok) return verdict;
    const name = mediaName(input.originalName, verdict.contentType);
    const stored = await this.repo.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const id = await this.repo.insert(tx, {
        brandId: input.brandId,
        name,
        contentType: verdict.contentType,
        size: verdict.content.length,
        sha256: createHash('sha256').update(verdict.content).digest('hex'),
        data: verdict.content,
        createdBy: input.createdBy,
      });
      const result: StoredMedia = {
        id,
        brandId: input.brandId,
        name,
        contentType: verdict.contentType,
        size: verdict.content.length,
        url: mediaUrl(id, name),
      };
      await audit?.(tx, result);
      return result;
    });
    return { ok: true, media: stored };
  }

  /** A stored file by id and name (both must match), with its bytes. */
  async get(id: number, name: string): Promise<(StoredMedia & { data: Buffer; sha256: string }) | undefined> {
    const row = await this.repo.find(id, name);
    if (!row) return undefined;
    return {
      id: row.id,
      brandId: row.brandId,
      name: row.name,
      contentType: row.contentType as MediaType,
      size: row.size,
      url: mediaUrl(row.id, row.name),
      data: row.data,
      sha256: row.sha256,
    };
  }

  /** Whether `/media/<id>/<name>` is a file of this brand (the theme may only point at its own). */
  async belongsTo(url: string, brandId: number): Promise<boolean> {
    const match = /^\/media\/(\d{1,10})\/([A-Za-z0-9._-]{1,120})$/.exec(url);
    if (!match) return false;
    return (await this.repo.brandOf(Number(match[1]), match[2] ?? '')) === brandId;
  }
}
