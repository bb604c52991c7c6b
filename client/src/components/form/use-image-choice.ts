import { useState } from 'react';
import type { FieldErrors } from '#server/contracts/envelope.ts';
import type { CallUpload } from '#server/contracts/call.ts';
import { uploadRefusal } from '#client/lib/request/upload-call.ts';
import { type ImageChoice, NO_IMAGE_CHANGE } from './image-file-field.tsx';

/**
 * The state of a form's ImageFileField whose image is sent once the form's fields are saved
 * (a company's logo, a user's picture, a coupon's image; decision 0111): the image as saved, what
 * the user asked of it, the message under the field (the browser's check of the chosen file, else
 * the server's answer about it), and a key that gives the file input a fresh element once a chosen
 * file is saved, so that it no longer shows the file.
 */
export function useImageChoice<I>(saved: I | null, upload: CallUpload, fieldName: string) {
  const [image, setImage] = useState(saved);
  const [choice, setChoice] = useState<ImageChoice>(NO_IMAGE_CHANGE);
  const [inputKey, setInputKey] = useState(0);
  const [serverError, setServerError] = useState<string>();
  const error = (choice.file && uploadRefusal(upload, choice.file)) ?? serverError;
  return {
    image,
    choice,
    error,
    inputKey,
    /** The field's onChange: a new choice drops the server's answer about the last one. */
    choose: (next: ImageChoice) => {
      setChoice(next);
      setServerError(undefined);
    },
    /**
     * Before a save: while the chosen file is refused, focuses the field and says no; otherwise
     * drops the server's last answer and says yes.
     */
    readyToSave: () => {
      if (error) {
        document.getElementById(fieldName)?.focus();
        return false;
      }
      setServerError(undefined);
      return true;
    },
    /** A refused save: the server's message about the file, if any, goes under the field. */
    showRefusal: (fieldErrors: FieldErrors) => {
      const [message] = fieldErrors.file ?? [];
      if (message) setServerError(message);
    },
    /** A save that went through: its image is the one saved now. Says whether the image changed. */
    saved: (next: I | null) => {
      const changed = choice.file !== null || choice.remove;
      setImage(next);
      setChoice(NO_IMAGE_CHANGE);
      if (changed) setInputKey((key) => key + 1);
      return changed;
    },
  };
}
