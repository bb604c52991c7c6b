import DOMPurify from 'dompurify';
import styled from 'styled-components';

const Html = styled.div`
  overflow-wrap: anywhere;

  img {
    height: auto;
  }
`;

/**
 * The manual's body, HTML written by the portal's operators. Sanitised before it reaches the page:
 * even trusted HTML must not be able to run script in a bank user's session. Its own module so that
 * the sanitiser loads only when a manual is opened.
 */
export default function ManualContent({ html }: { html: string }) {
  return <Html dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />;
}
