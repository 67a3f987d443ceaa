import { ApiError, CLIENT_ERROR_CODES } from './ApiError.js';
import type { ApiErrorBody } from './types.js';

/** The file name the server gave (Content-Disposition), else `fallback`. */
export function downloadNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads an authenticated file (a CSV export): a fetch with the bearer token (never in a URL), the answer as a
 * blob, handed to the browser through a temporary link. Rejects with an ApiError for a refusal.
 */
export async function downloadFile(token: string, path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
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
    link.download = downloadNameOf(response.headers.get('content-disposition'), fallbackName);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the click has handed the file over; give the browser a moment before the address is freed
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
