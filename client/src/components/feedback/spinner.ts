import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const appear = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/**
 * A turning ring, decorative (give it aria-hidden and say what is happening in text). It fades in
 * after a short delay, so work that finishes at once never flashes a spinner. The colours default
 * to the bank's theme; screens shown without a theme pass their own.
 */
export const Spinner = styled.span<{ $size?: number; $trackColor?: string; $headColor?: string }>`
  display: inline-block;
  width: ${({ $size = 40 }) => $size}px;
  height: ${({ $size = 40 }) => $size}px;
  border: 4px solid ${({ theme, $trackColor }) => $trackColor ?? theme.colors.border};
  border-top-color: ${({ theme, $headColor }) => $headColor ?? theme.colors.main};
  border-radius: 50%;
  opacity: 0;
  animation:
    ${appear} 0.2s ease-out 0.4s forwards,
    ${spin} 0.8s linear infinite;
`;
