import styled from 'styled-components';

/** The line above an item's title: publication date, category, provider. */
export const ArticleMeta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  align-items: center;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** An item's category (news_categories), framed as a tag. */
export const CategoryLabel = styled.span`
  padding: 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
`;
