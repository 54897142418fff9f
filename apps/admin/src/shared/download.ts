import { apiUrl, ApiError, queryString } from '../lib/request';
import { i18n } from '../lib/i18n';
import { session } from '../lib/session';

/**
 * Downloads a file answer (CSV export) with the operator's token: fetched as a blob, saved under `filename`.
 * A refusal answers the JSON envelope instead, which becomes an ApiError.
 */
export async function downloadFile(url: string, params: Record<string, unknown>, filename: string) {
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
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
