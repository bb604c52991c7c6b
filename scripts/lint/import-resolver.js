// The one module resolver of the lint rules, in the shape eslint-plugin-boundaries asks for.
// eslint-plugin-boundaries resolves through eslint-module-utils, whose default resolver
// (eslint-import-resolver-node) does not read package.json "imports": it would leave every `#server/…`
// import unresolved, and a boundary crossed through an alias would pass. import-x's node resolver
// (unrs-resolver, which follows "imports" as Node does) already serves import-x/no-cycle; this file
// hands the same resolver to boundaries, so both rules see one module graph.
import { createNodeResolver } from 'eslint-plugin-import-x';

export const lintResolver = createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] });

// eslint-module-utils' resolver interface, version 2.
export const interfaceVersion = 2;

export function resolve(source, file) {
  return lintResolver.resolve(source, file);
}
