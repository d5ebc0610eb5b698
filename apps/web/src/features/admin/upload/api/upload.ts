import { API, importAnswer, importJob, type ImportJob } from '@alumnet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiRequestError } from '../../../../lib/api-client';

/** How often the page reads an import's progress while it runs. */
export const IMPORT_POLL_MS = 700;

/** GET /api/dashboard/imports/{id}, re-read while the import runs. */
export const importQuery = (importId: string) =>
  queryOptions({
    queryKey: ['admin', 'imports', importId],
    queryFn: () => api.get(API.imports.show(importId), importJob),
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : IMPORT_POLL_MS),
  });

/** The file goes once, as it is (text/csv); the server streams it into an import job. */
export async function uploadCsv(file: File, collegeId: string): Promise<ImportJob> {
  const params = new URLSearchParams({ fileName: file.name, ...(collegeId ? { collegeId } : {}) });
  let response: Response;
  try {
    response = await fetch(`${API.imports.upload}?${params}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'text/csv' },
      body: file,
    });
  } catch {
    throw new ApiRequestError('Cannot reach the server. Please check your connection.', 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok)
    throw new ApiRequestError(
      (data as { message?: string } | null)?.message ?? `Request failed (${response.status})`,
      response.status,
    );
  return importAnswer.parse(data).job;
}
