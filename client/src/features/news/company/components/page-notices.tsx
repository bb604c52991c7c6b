import styled from 'styled-components';
import { NEWS_FETCH_FAILED_MESSAGE } from '#server/contracts/news-public.ts';

/** A quiet line under a list: loading, nothing to show. */
export const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md} 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.md};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** Platform spec section 8: any news call that failed says ニュースの取得に失敗しました。 */
export function NewsLoadFailure() {
  return <Alert role="alert">{NEWS_FETCH_FAILED_MESSAGE}</Alert>;
}

/** While a page's first answer is on its way. */
export function Loading() {
  return <Notice role="status">読み込み中</Notice>;
}
