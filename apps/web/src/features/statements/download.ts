import { downloadFile } from '../../api/download.js';
import { STATEMENTS_PATH } from './useStatement.js';

/**
 * Downloads the statement as a file through the client area's one authenticated download (the token never goes
 * into a URL). Rejects with an ApiError for a refusal.
 */
export function downloadStatement(token: string, query: string, format: 'pdf' | 'csv'): Promise<void> {
  return downloadFile(token, `${STATEMENTS_PATH}?${query}&format=${format}`, `statement.${format}`);
}
