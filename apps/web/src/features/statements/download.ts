import { ApiError, CLIENT_ERROR_CODES } from '../../api/ApiError.js';
import type { ApiErrorBody } from '../../api/types.js';
import { STATEMENTS_PATH } from './useStatement.js';

/** The file name the server gave (Content-Disposition), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads the statement as a file: an authenticated fetch (the token never goes into a URL), the answer
 * as a blob, handed to the browser through a temporary link. Rejects with an ApiError for a refusal.
 */
export async function downloadStatement(token: string, query: string, format: 'pdf' | 'csv'): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${STATEMENTS_PATH}?${query}&format=${format}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  } catch {
    throw new ApiError(0, { code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined;
    throw new ApiError(response.status, {
      code: body?.code ?? 'HTTP_ERROR',
      ...(body?.key ? { key: body.key } : {}),
      message: body?.message ?? response.statusText,
      errors: body?.errors ?? [],
    });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition'), `statement.${format}`);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the click has handed the file over; give the browser a moment before the address is freed
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
