// Import circles that ESLint's import-x/no-cycle cannot see: it skips type-only imports, which vanish at
// run time but still tie two modules into one (neither can be read, moved or tested without the other).
// dependency-cruiser reads the TypeScript before compilation, type-only imports included.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module imports itself back through others, type-only imports included.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
