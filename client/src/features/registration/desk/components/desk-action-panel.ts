import styled from 'styled-components';

/** The desk's band of actions on an application (the decision, the upgrade), apart from its facts. */
export const DeskActionPanel = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: center;
  margin-top: ${({ theme }) => theme.spacing.lg};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};

  p {
    margin: 0;
  }
`;
