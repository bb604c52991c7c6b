import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * The one row of every form of the portal (issue 12: one form-row): its name with 必須 (or 任意 on
 * the public forms), the control, and under it the hint, the warning and the error, each announced
 * with the control (describedControl). The staff's forms, the public inquiry form, the card form and
 * every generated domain's form use it.
 */

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  padding-block: ${({ theme }) => theme.spacing.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.pcUp} {
    grid-template-columns: 12em minmax(0, 1fr);
    gap: ${({ theme }) => theme.spacing.lg};
  }
`;

const Name = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  padding: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};

  ${({ theme }) => theme.media.pcUp} {
    align-self: start;
    padding-top: ${({ theme }) => theme.spacing.sm};
  }
`;

const Tag = styled.span<{ $required: boolean }>`
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  border-radius: ${({ theme }) => theme.radii.sm};
  ${({ theme, $required }) =>
    $required
      ? css`
          color: ${theme.colors.onDanger};
          background: ${theme.colors.danger};
        `
      : css`
          color: ${theme.colors.text};
          background: ${theme.colors.surfaceMuted};
          border: 1px solid ${theme.colors.border};
        `}
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const Note = styled.p<{ $tone: 'hint' | 'warning' | 'error' }>`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme, $tone }) => ($tone === 'hint' ? 'normal' : theme.typography.fontWeightBold)};
  color: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : theme.colors.textMuted)};

  &::before {
    content: ${({ $tone }) => ($tone === 'warning' ? "'⚠ '" : 'none')};
  }
`;

/** The ids of a field's hint, warning and error, and the control's ARIA attributes that point at them. */
export function describedControl(
  name: string,
  field: { required?: boolean; hint?: ReactNode; warning?: string; error?: string },
) {
  const ids = [
    field.hint ? `${name}-hint` : undefined,
    field.warning ? `${name}-warning` : undefined,
    field.error ? `${name}-error` : undefined,
  ].filter((id) => id !== undefined);
  return {
    id: name,
    'aria-required': field.required || undefined,
    'aria-invalid': field.error !== undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}

export interface FieldRowProps {
  name: string;
  label: string;
  required?: boolean;
  /** Below the control: how to fill it in. */
  hint?: ReactNode;
  /** Below the control: something to know that does not stop the save (30日以内に公開が終了します). */
  warning?: string;
  /** Below the control: why the field cannot be saved as it is. */
  error?: string;
  /**
   * 'label' names one control (htmlFor = name); 'group' names a group of radios or controls;
   * 'labelledby' names a custom control by the id `${name}-label`.
   */
  naming?: 'label' | 'group' | 'labelledby';
  /** Marks an optional field 任意 (the public forms, whose visitors fill in few forms). */
  optionalTag?: boolean;
  children: ReactNode;
}

/**
 * One row of a staff form: its name (必須 when required), the control, and under it the hint, the
 * warning and the error, each announced with the control (describedControl).
 */
export function FieldRow({
  name,
  label,
  required = false,
  hint,
  warning,
  error,
  naming = 'label',
  optionalTag = false,
  children,
}: FieldRowProps) {
  const title = (
    <>
      {label}
      {required && <Tag $required>必須</Tag>}
      {!required && optionalTag && <Tag $required={false}>任意</Tag>}
    </>
  );
  const notes = (
    <>
      {hint && (
        <Note id={`${name}-hint`} $tone="hint">
          {hint}
        </Note>
      )}
      {warning && (
        <Note id={`${name}-warning`} $tone="warning" role="status">
          {warning}
        </Note>
      )}
      {error && (
        <Note id={`${name}-error`} $tone="error">
          {error}
        </Note>
      )}
    </>
  );
  return (
    <Row
      // A group is named by its title through aria-labelledby rather than a fieldset's legend, which
      // sits outside a grid and would break the rows' two columns.
      {...(naming === 'group'
        ? {
            role: 'group',
            'aria-labelledby': `${name}-label`,
            'aria-describedby': describedControl(name, { hint, warning, error })['aria-describedby'],
          }
        : {})}
    >
      {naming === 'label' ? (
        <Name as="label" htmlFor={name}>
          {title}
        </Name>
      ) : (
        <Name id={`${name}-label`}>{title}</Name>
      )}
      <Body>
        {children}
        {notes}
      </Body>
    </Row>
  );
}
