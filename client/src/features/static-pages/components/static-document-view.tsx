import { useId } from 'react';
import styled from 'styled-components';
import type { PublicAppConfig } from '#server/contracts/app-config.ts';
import { BankContactDetails } from '#client/components/bank-contact-details.tsx';
import { type Clause, japaneseDate, sectionHeading, type StaticDocument } from '../static-document.ts';

const Article = styled.article`
  width: 100%;
  max-width: 880px;
  margin-inline: auto;
  overflow-wrap: anywhere;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 24px;
  line-height: 1.4;

  ${({ theme }) => theme.media.tabletUp} {
    font-size: 28px;
  }
`;

const Subtitle = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Dates = styled.p`
  margin: ${({ theme }) => theme.spacing.sm} 0 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};

  span + span::before {
    content: '／';
  }
`;

const Header = styled.header`
  padding-bottom: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
  border-bottom: 2px solid ${({ theme }) => theme.colors.main};
`;

const Paragraph = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.spacing.xl};
`;

const SectionHeading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  padding-left: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  line-height: 1.4;
  border-left: 4px solid ${({ theme }) => theme.colors.main};
`;

// 項: numbered 1, 2, 3 … when an article has more than one paragraph (the way Japanese terms print them).
const ClauseList = styled.ol`
  margin: 0;
  padding-left: 1.75em;

  & > li {
    margin-bottom: ${({ theme }) => theme.spacing.sm};
  }
`;

// 号: （1）（2）… written into the text, with a hanging indent so wrapped lines align.
const ItemList = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  padding: 0;
  list-style: none;

  & > li {
    display: grid;
    grid-template-columns: 3em 1fr;
  }
`;

const Contact = styled(BankContactDetails)`
  margin-top: ${({ theme }) => theme.spacing.sm};
`;

const Closing = styled.p`
  margin: ${({ theme }) => theme.spacing.xl} 0 0;
  text-align: right;
`;

function ClauseText({ clause }: { clause: Clause }) {
  if (typeof clause === 'string') return <>{clause}</>;
  return (
    <>
      {clause.text}
      <ItemList>
        {clause.items.map((item, index) => (
          <li key={item}>
            <span>（{index + 1}）</span>
            <span>{item}</span>
          </li>
        ))}
      </ItemList>
    </>
  );
}

/** An article's paragraphs: numbered 1, 2 … when it has several; a notice's are plain paragraphs. */
function Clauses({ clauses, numbered }: { clauses: readonly Clause[]; numbered: boolean }) {
  if (!numbered || clauses.length === 1) {
    return clauses.map((clause) => (
      <Paragraph as="div" key={typeof clause === 'string' ? clause : clause.text}>
        <ClauseText clause={clause} />
      </Paragraph>
    ));
  }
  return (
    <ClauseList>
      {clauses.map((clause) => (
        <li key={typeof clause === 'string' ? clause : clause.text}>
          <ClauseText clause={clause} />
        </li>
      ))}
    </ClauseList>
  );
}

function DocumentDates({ document }: { document: StaticDocument }) {
  if (!document.enactedOn && !document.revisedOn) return null;
  return (
    <Dates>
      {document.enactedOn && (
        <span>
          制定日：<time dateTime={document.enactedOn}>{japaneseDate(document.enactedOn)}</time>
        </span>
      )}
      {document.revisedOn && (
        <span>
          最終改定日：<time dateTime={document.revisedOn}>{japaneseDate(document.revisedOn)}</time>
        </span>
      )}
    </Dates>
  );
}

/** One static page (terms, policy or notice) from its structured content. */
export function StaticDocumentView({
  title,
  document,
  contact,
}: {
  title: string;
  document: StaticDocument;
  contact: PublicAppConfig['bank']['contact'];
}) {
  const idPrefix = useId();
  return (
    <Article aria-labelledby={`${idPrefix}-title`}>
      <Header>
        <Title id={`${idPrefix}-title`}>{title}</Title>
        {document.subtitle && <Subtitle>{document.subtitle}</Subtitle>}
        <DocumentDates document={document} />
      </Header>
      {document.preamble.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      {document.sections.map((section, index) => (
        <Section key={section.heading} aria-labelledby={`${idPrefix}-section-${index}`}>
          <SectionHeading id={`${idPrefix}-section-${index}`}>
            {sectionHeading(document, index)}
          </SectionHeading>
          <Clauses clauses={section.clauses} numbered={document.numbering !== 'none'} />
          {section.showsContact && <Contact contact={contact} />}
        </Section>
      ))}
      {document.numbering !== 'none' && <Closing>以上</Closing>}
    </Article>
  );
}
