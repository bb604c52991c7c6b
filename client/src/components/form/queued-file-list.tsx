import styled from 'styled-components';
import { Button } from '#client/components/button/button.tsx';

const Files = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing.sm};
    align-items: center;
  }

  span {
    overflow-wrap: anywhere;
  }
`;

/**
 * The files chosen in an upload field that are sent only when the form is saved (a need's images,
 * a website's photos): one a line, what the save will do with it, and a button that takes it back
 * off the list. The list is named by `label`; nothing is shown while no file waits.
 */
export function QueuedFileList({
  label,
  files,
  noteOf,
  cancelLabelOf,
  onCancel,
}: {
  label: string;
  files: readonly File[];
  /** What the save will do with the file: 「a.png」を保存時に登録します。 */
  noteOf: (file: File) => string;
  /** The name of the button that takes the file off. */
  cancelLabelOf: (file: File) => string;
  onCancel: (index: number) => void;
}) {
  if (files.length === 0) return null;
  return (
    <Files aria-label={label}>
      {files.map((file, index) => (
        // Files have no id; a queued file is known by its place and name.
        <li key={`${index}-${file.name}`}>
          <span>{noteOf(file)}</span>
          <Button type="button" onClick={() => onCancel(index)}>
            {cancelLabelOf(file)}
          </Button>
        </li>
      ))}
    </Files>
  );
}
