import type { SaveOutcome } from './save-request.ts';

/** What the form's image field asks for: a new file, the image taken away, or neither. */
export interface ImageRequest {
  file: File | null;
  remove: boolean;
}

/**
 * A form's save with an image of its own (a company's logo, a user's picture): the fields first,
 * then the image uploaded or taken away. The first refusal is the outcome (its field errors go
 * under the fields, the image's under `file`); on success the saved record carries its image as it
 * now is (`attach`).
 */
export async function saveWithImage<R, I>(
  saveFields: () => Promise<SaveOutcome<R>>,
  request: ImageRequest,
  image: {
    upload: (file: File) => Promise<SaveOutcome<I>>;
    remove: () => Promise<SaveOutcome<unknown>>;
    attach: (record: R, image: I | null) => R;
  },
): Promise<SaveOutcome<R>> {
  const saved = await saveFields();
  if (saved.status === 'error') return saved;
  if (request.file) {
    const uploaded = await image.upload(request.file);
    if (uploaded.status === 'error') return uploaded;
    return { ...saved, result: image.attach(saved.result, uploaded.result) };
  }
  if (request.remove) {
    const removed = await image.remove();
    if (removed.status === 'error') return removed;
    return { ...saved, result: image.attach(saved.result, null) };
  }
  return saved;
}
