import fs from 'node:fs/promises';
import path from 'node:path';
import type { UploadContentType } from '@openbroker/domain';
import { newToken } from '../../lib/random.js';

const STORED_NAME = /^[A-Za-z0-9_-]{20,64}\.(jpg|pdf)$/;

/**
 * Uploaded documents on disk (architecture §8): `<root>/<userId>/<random>.<jpg|pdf>`, outside any
 * served folder, readable by the server's user only. Names never come from the client.
 */
export class DocumentStore {
  constructor(readonly root: string) {}

  /**
   * Writes a document under a random name whose extension follows the detected type (.jpg or .pdf),
   * never the client's: nothing stored can be named .html, .svg or .exe.
   */
  async save(userId: number, mime: UploadContentType, content: Uint8Array): Promise<string> {
    const dir = path.join(this.root, String(userId));
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const name = `${newToken()}.${mime === 'application/pdf' ? 'pdf' : 'jpg'}`;
    await fs.writeFile(path.join(dir, name), content, { flag: 'wx', mode: 0o600 });
    return name;
  }

  /** Absolute path of a stored document (for staff review). */
  pathOf(userId: number, storedName: string): string {
    if (!Number.isSafeInteger(userId) || !STORED_NAME.test(storedName)) {
      throw new Error(`not a stored document name: ${storedName}`);
    }
    return path.join(this.root, String(userId), storedName);
  }

  async remove(userId: number, storedName: string): Promise<void> {
    await fs.rm(this.pathOf(userId, storedName), { force: true });
  }
}
