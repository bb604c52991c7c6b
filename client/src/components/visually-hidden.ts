import styled from 'styled-components';

/** Text for screen readers only (e.g. "opens in a new tab"), kept out of the visual layout. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;
