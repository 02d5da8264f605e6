import { LIMITS } from '@app/shared';

/** The description's limit: 100,000 bytes for the cover image and for a PDF (§9). */
export const MAX_UPLOAD_BYTES = LIMITS.uploadBytes;

const extension = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** Cover image: jpg, jpeg or png (the server checks the bytes again). */
export const isCoverImage = (file: File) =>
  ['image/jpeg', 'image/png'].includes(file.type) || ['jpg', 'jpeg', 'png'].includes(extension(file.name));

/** PDF resource, by what its name says: .pdf only (told at once; `isPdf` reads its bytes too). */
export const hasPdfName = (file: File) =>
  extension(file.name) === 'pdf' && (!file.type || file.type === 'application/pdf');

/** What every PDF begins with (ISO 32000 §7.5.2); the server takes a file for a PDF by it too. */
const PDF_MAGIC = '%PDF-';

/**
 * PDF resource: named .pdf, and its first bytes are a PDF's: a picture renamed notes.pdf is not one
 * (the server, which decides, stores those bytes as the image they are, and a course refuses it as its
 * PDF). A file the browser cannot read is left to the server to judge.
 */
export async function isPdf(file: File): Promise<boolean> {
  if (!hasPdfName(file)) return false;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  } catch {
    return true;
  }
  return (
    head.length === PDF_MAGIC.length && [...PDF_MAGIC].every((char, at) => head[at] === char.charCodeAt(0))
  );
}

export const isTooLarge = (file: File) => file.size > MAX_UPLOAD_BYTES;
