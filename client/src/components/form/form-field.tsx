import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  padding-block: ${({ theme }) => theme.spacing.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: 14em minmax(0, 1fr);
    gap: ${({ theme }) => theme.spacing.lg};
    align-items: start;
  }
`;

const Label = styled.label`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};

  ${({ theme }) => theme.media.tabletUp} {
    padding-top: ${({ theme }) => theme.spacing.sm};
  }
`;

const Tag = styled.span<{ $required: boolean }>`
  padding: 0 ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  line-height: 1.6;
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

const Control = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

/** The ids and ARIA attributes a field's control needs, so its hint and error are read with it. */
export function fieldControlProps(
  name: string,
  field: { required: boolean; hint?: ReactNode; error?: string },
) {
  const describedBy = [field.hint ? `${name}-hint` : null, field.error ? `${name}-error` : null].filter(
    (id) => id !== null,
  );
  return {
    id: name,
    'aria-required': field.required,
    'aria-invalid': field.error !== undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  };
}

/**
 * One row of a form: the label with 必須 or 任意, the control, a hint and the field's error message
 * (the spec's Japanese message from the shared schema).
 */
export function FormField({
  name,
  label,
  required,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  required: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Row>
      <Label htmlFor={name}>
        {label}
        <Tag $required={required}>{required ? '必須' : '任意'}</Tag>
      </Label>
      <Control>
        {children}
        {hint && <Hint id={`${name}-hint`}>{hint}</Hint>}
        {error && <ErrorText id={`${name}-error`}>{error}</ErrorText>}
      </Control>
    </Row>
  );
}
