import { apiUrl, ApiError, queryString } from '../lib/request';
import { i18n } from '../lib/i18n';
import { session } from '../lib/session';

/**
 * A file answer (CSV export, transfer proof) fetched with the operator's token in the header (never in the
 * URL), as a blob. A refusal answers the JSON envelope instead, which becomes an ApiError.
 */
export async function fetchFile(url: string, params: Record<string, unknown>): Promise<Blob> {
  const res = await fetch(apiUrl(url) + queryString(params), {
    headers: { Authorization: session.token(), language: i18n.language },
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    let message = i18n.t('errors.server');
    let code = res.status;
    try {
      const env = (await res.json()) as { code: number; message: string };
      message = env.message || message;
      code = env.code;
    } catch {
      /* not an envelope */
    }
    throw new ApiError(message, code, res.status);
  }
  return res.blob();
}

/** Downloads a file answer (CSV export) with the operator's token, saved under `filename`. */
export async function downloadFile(url: string, params: Record<string, unknown>, filename: string) {
  const blob = await fetchFile(url, params);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
