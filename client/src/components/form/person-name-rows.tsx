import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { FieldRow, type FieldRowProps } from './field-row.tsx';
import { TextInput } from './form-controls.ts';

const NameInput = styled(TextInput)`
  max-width: 16em;
`;

/** A row's props as a form builds them (its field's name, 必須, hint and message): FieldRow's, less the label. */
type NameRow = Omit<FieldRowProps, 'label' | 'children'>;

/**
 * A person's name as the portal asks for it, four short rows: 氏名（姓）, 氏名（名）, then their
 * readings 氏名カナ（姓）, 氏名カナ（名）. The form gives each row and the props of its input
 * (`control`). `autoComplete="own"` lets the browser fill in the user's own family and given names;
 * `"off"` is for someone else's account, which the browser must not fill with the user's.
 */
export function PersonNameRows<R extends NameRow>({
  rows,
  control,
  autoComplete,
  kanaMaxLength,
}: {
  rows: { lastName: R; firstName: R; lastKana: R; firstKana: R };
  control: (row: R) => ComponentPropsWithRef<'input'>;
  autoComplete: 'own' | 'off';
  /** The readings' length in characters, when the form limits the input to it (twice: a kana may take two). */
  kanaMaxLength?: number;
}) {
  const own = autoComplete === 'own';
  const kanaLimit = kanaMaxLength === undefined ? undefined : kanaMaxLength * 2;
  return (
    <>
      <FieldRow label="氏名（姓）" {...rows.lastName}>
        <NameInput autoComplete={own ? 'family-name' : 'off'} {...control(rows.lastName)} />
      </FieldRow>
      <FieldRow label="氏名（名）" {...rows.firstName}>
        <NameInput autoComplete={own ? 'given-name' : 'off'} {...control(rows.firstName)} />
      </FieldRow>
      <FieldRow label="氏名カナ（姓）" {...rows.lastKana}>
        <NameInput maxLength={kanaLimit} {...control(rows.lastKana)} />
      </FieldRow>
      <FieldRow label="氏名カナ（名）" {...rows.firstKana}>
        <NameInput maxLength={kanaLimit} {...control(rows.firstKana)} />
      </FieldRow>
    </>
  );
}
