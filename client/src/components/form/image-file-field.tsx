import styled, { css } from 'styled-components';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel } from '#client/components/form/form-controls.ts';

/** What the user has asked of an image: a new one to upload, or the current one taken away. */
export interface ImageChoice {
  file: File | null;
  remove: boolean;
}

export const NO_IMAGE_CHANGE: ImageChoice = { file: null, remove: false };

/** How the current image is framed: whole in a square (a logo), or filling a circle (a face). */
export type ImageShape = 'square' | 'round';

const Current = styled.div<{ $shape: ImageShape }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  align-items: center;

  img {
    width: 96px;
    height: 96px;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    ${({ $shape, theme }) =>
      $shape === 'round'
        ? css`
            object-fit: cover;
            border-radius: 50%;
          `
        : css`
            object-fit: contain;
            border-radius: ${theme.radii.sm};
          `}
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Status = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
`;

export interface ImageFileFieldProps {
  /** The file input's id and name. */
  name: string;
  label: string;
  hint: string;
  /** The image there is now. */
  current: { file_url: string } | null;
  /** The current image's alt text, and what is said when there is none. */
  currentAlt: string;
  noneText: string;
  /** The label of the tick that takes the current image away. */
  removeLabel: string;
  /** The types the file picker offers. */
  contentTypes: readonly string[];
  shape: ImageShape;
  choice: ImageChoice;
  error: string | undefined;
  onChange(choice: ImageChoice): void;
}

/**
 * An image of a form: the current one, a file to replace it with, or a tick to take it away.
 * Nothing is sent until the form is saved; the server tells the file's type by its content.
 */
export function ImageFileField(props: ImageFileFieldProps) {
  const { name, label, current, choice, onChange } = props;
  const row = { name, hint: props.hint, error: props.error };
  return (
    <FieldRow label={label} {...row}>
      <Current $shape={props.shape}>
        {current ? <img src={current.file_url} alt={props.currentAlt} /> : <p>{props.noneText}</p>}
      </Current>
      <input
        {...describedControl(name, row)}
        type="file"
        accept={props.contentTypes.join(',')}
        onChange={(event) => onChange({ file: event.target.files?.[0] ?? null, remove: false })}
      />
      {choice.file && <Status role="status">「{choice.file.name}」を保存時に登録します。</Status>}
      {current && !choice.file && (
        <ChoiceLabel>
          <input
            type="checkbox"
            checked={choice.remove}
            onChange={(event) => onChange({ file: null, remove: event.target.checked })}
          />
          {props.removeLabel}
        </ChoiceLabel>
      )}
    </FieldRow>
  );
}

/** The limits an image field's file must keep, and the messages of a file that does not. */
export interface ImageFileLimits {
  maxBytes: number;
  contentTypes: readonly string[];
  messages: { tooLarge: string; typeRefused: string };
}

/**
 * What the browser can tell before sending: a file over the size limit, or one the browser itself
 * names as a type the image may not be. The server still decides by the file's content; this only
 * spares the user a long upload that would be refused.
 */
export function imageRefusalBeforeUpload(file: File, limits: ImageFileLimits): string | undefined {
  if (file.size > limits.maxBytes) return limits.messages.tooLarge;
  if (file.type !== '' && !limits.contentTypes.includes(file.type)) return limits.messages.typeRefused;
  return undefined;
}
