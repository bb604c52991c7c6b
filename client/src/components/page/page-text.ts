import styled from 'styled-components';

/**
 * The texts a page says around its content, one look each across the features (decision 0110):
 * a lead paragraph, a quiet notice (読み込み中, a count), an alert (データ取得に失敗しました), the
 * toolbar of a list's buttons, and a page section with its heading. They use the theme's semantic
 * tokens only, so every bank's colours and spacing apply.
 */

/** The paragraph that says what a page is for, above its content. */
export const PageLead = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;

/** A lead of several paragraphs, set close together. */
export const PageLeadGroup = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0 0 ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
  }
`;

/**
 * A quiet line in place of (or above) the content: 読み込み中, 0件, what a list is narrowed to.
 * `$error` makes it an alert's colour and weight (one element that turns from one to the other).
 * Give it role="status" (or role="alert" with `$error`).
 */
export const PageNotice = styled.p<{ $error?: boolean }>`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-weight: ${({ theme, $error }) => ($error ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
`;

/** What went wrong (データ取得に失敗しました, a refusal): bold in the danger colour. Give it role="alert". */
export const PageAlert = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * A row of a list's buttons (新規作成, CSV ダウンロード), at the end of the line, wrapping on phones.
 * `$spread` puts a note (登録数 3 / 10件) at the start and the buttons at the end.
 */
export const PageToolbar = styled.div<{ $spread?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme, $spread }) => ($spread ? theme.spacing.md : theme.spacing.sm)};
  align-items: center;
  justify-content: ${({ $spread }) => ($spread ? 'space-between' : 'flex-end')};
  margin-bottom: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
  }
`;

/** A list's or a search's nothing-found, in a quiet bordered box where the rows would be. */
export const PageEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** A page's blocks one under another, with the page's larger gap (a detail page's sections). */
export const PageStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};
`;

/** Words that matter less than those around them (a missing value's —, a kana reading). */
export const MutedText = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Text a person wrote, with its line breaks kept (a note, a reason, a request's body). */
export const WrittenText = styled.span`
  white-space: pre-wrap;
`;

/** Tags and short words side by side on one line, wrapping on phones. */
export const InlineGroup = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
  align-items: center;
`;

/**
 * A part of a page under its own h2 (a detail page's summary, a thread). `$boxed` draws it in a
 * bordered box, for a part that stands beside others.
 */
export const PageSection = styled.section<{ $boxed?: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  ${({ theme, $boxed }) =>
    $boxed
      ? `padding: ${theme.spacing.md}; border: 1px solid ${theme.colors.border}; border-radius: ${theme.radii.md};`
      : ''}

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

/** One item of a list drawn as cards (a request, a template): a bordered box on the surface colour. */
export const PageCard = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** A search's results under their h2, dimmed while the next page of them loads (`$busy`). */
export const ResultsSection = styled.section<{ $busy: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  transition: opacity 0.15s;

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;
