import styled from 'styled-components';

export const Form = styled.form`
  display: grid;
`;

export const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;
