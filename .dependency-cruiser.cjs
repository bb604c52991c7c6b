// Import circles that ESLint's import-x/no-cycle cannot see: it skips type-only imports, which vanish at
// run time but still tie two modules into one (neither can be read, moved or tested without the other).
// dependency-cruiser reads the TypeScript before compilation, type-only imports included.
// It also keeps the server's domains apart (decision 0112): a domain under server/api/<name>/ imports
// no other domain, only the neutral modules every domain may use, which import no domain back.
/** The modules every server domain may import: the kit, the badge registry, the shared account services. */
const NEUTRAL = '^server/api/(kit|badges|accounts)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-domains-apart',
      severity: 'error',
      comment:
        'A server domain imports no other domain: what two need lives in a neutral module (kit, badges, accounts).',
      from: { path: '^server/api/([^/]+)/', pathNot: NEUTRAL },
      to: { path: '^server/api/[^/]+/', pathNot: ['^server/api/$1/', NEUTRAL] },
    },
    {
      name: 'neutral-modules-import-no-domain',
      severity: 'error',
      comment:
        'The kit, the badge registry and the account services serve every domain and know none of them.',
      from: { path: NEUTRAL },
      to: { path: '^server/api/[^/]+/', pathNot: NEUTRAL },
    },
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
