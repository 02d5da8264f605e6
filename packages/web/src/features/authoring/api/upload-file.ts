import { useMutation } from '@tanstack/react-query';
import type { fileUploadResponseSchema, UploadedFile } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /files — stores a PDF for a resource; `secure_url` goes into the resource's `file`. */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  const response = await apiFetch<typeof fileUploadResponseSchema>('/files', { method: 'POST', body: form });
  return response.data;
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}
