import { LIMITS } from '@app/shared';

/** The description's limit: 100,000 bytes for the cover image and for a PDF (§9). */
export const MAX_UPLOAD_BYTES = LIMITS.uploadBytes;

const extension = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** Cover image: jpg, jpeg or png (the server checks the bytes again). */
export const isCoverImage = (file: File) =>
  ['image/jpeg', 'image/png'].includes(file.type) || ['jpg', 'jpeg', 'png'].includes(extension(file.name));

/** PDF resource: .pdf only. */
export const isPdf = (file: File) =>
  extension(file.name) === 'pdf' && (!file.type || file.type === 'application/pdf');

export const isTooLarge = (file: File) => file.size > MAX_UPLOAD_BYTES;
