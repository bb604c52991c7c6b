import {
  renderUsageStatementPdf,
  statementFontLoader,
  type UsageStatementContent,
} from './usage-statement-pdf.ts';

/**
 * A worker thread of the statement drawer (usage-statement-drawer.ts): draws one statement and
 * answers its bytes. The fonts are read and parsed on the worker's first statement and kept for the
 * worker's life.
 */
const loadFonts = statementFontLoader();

export default async function drawUsageStatement(content: UsageStatementContent): Promise<Uint8Array> {
  return renderUsageStatementPdf(await loadFonts(), content);
}
