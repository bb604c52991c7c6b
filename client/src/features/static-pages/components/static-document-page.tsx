import { useMemo } from 'react';
import styled from 'styled-components';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { documentBankOf, type StaticDocumentSource } from '../static-document.ts';
import { StaticDocumentView } from './static-document-view.tsx';

const Page = styled.div`
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.md} ${theme.spacing.xl}`};

  ${({ theme }) => theme.media.tabletUp} {
    padding-inline: ${({ theme }) => theme.spacing.lg};
  }
`;

/** A static page: the document written once for every bank, filled in with this bank's names and contact. */
export function StaticDocumentPage({ title, source }: { title: string; source: StaticDocumentSource }) {
  const config = useAppConfig();
  const document = useMemo(() => source(documentBankOf(config)), [source, config]);
  return (
    <Page>
      <StaticDocumentView title={title} document={document} contact={config.bank.contact} />
    </Page>
  );
}
