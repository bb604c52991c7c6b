/**
 * The names one domain goes by, from the name given to `npm run domain:new` (lower case, words
 * joined by '-' or '_'): file and folder names and URL segments in kebab case, the table and the
 * calls' domain (the audit trail's target type) in snake case, code in camel and Pascal case.
 */
export interface DomainNames {
  /** As typed: `sample-items`. */
  name: string;
  /** Files, folders, page paths, API paths: `sample-items`. */
  kebab: string;
  /** The table, the calls' domain (audit target type, query keys): `sample_items`. */
  snake: string;
  /** Values: `sampleItems`. */
  camel: string;
  /** Types and components: `SampleItems`. */
  pascal: string;
  /** Constants: `SAMPLE_ITEMS`. */
  constant: string;
  /** What the pages call it (Japanese): `サンプル`. */
  label: string;
}

export const NAME_PATTERN = /^[a-z][a-z]*(?:[-_][a-z]+)*$/;

/**
 * Names a domain may not take: JavaScript's reserved words (the camel name is an identifier), the
 * areas and page words of the URL, and the kit's own folders.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  // JavaScript
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'await',
  'async',
  'arguments',
  'eval',
  'undefined',
  // The portal's areas, page words and kit folders
  'admin',
  'mypage',
  'api',
  'create',
  'detail',
  'edit',
  'list',
  'search',
  'kit',
  'app',
  'lib',
  'components',
  'features',
  'contracts',
  'pages',
  'schema',
  'seeds',
  'migrations',
  'domains',
  'plugins',
  'web',
  'auth',
  'idp',
  'tenancy',
  'storage',
  'db',
  'system',
  'health',
  'badges',
  'master',
  'menu',
]);

function words(name: string): string[] {
  return name.split(/[-_]/);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Why the name cannot be a domain's, or undefined when it can (existence is checked apart). */
export function nameProblem(name: string): string | undefined {
  if (!NAME_PATTERN.test(name)) {
    return `"${name}": a domain name is lower case a-z, words joined by '-' or '_' (sample-items)`;
  }
  if (name.length > 40) return `"${name}": at most 40 characters`;
  const parts = words(name);
  if (RESERVED_NAMES.has(name) || RESERVED_NAMES.has(parts.join('')) || RESERVED_NAMES.has(parts.join('_'))) {
    return `"${name}" is a reserved word`;
  }
  return undefined;
}

export function domainNames(name: string, label?: string): DomainNames {
  const parts = words(name);
  return {
    name,
    kebab: parts.join('-'),
    snake: parts.join('_'),
    camel: parts[0] + parts.slice(1).map(capitalise).join(''),
    pascal: parts.map(capitalise).join(''),
    constant: parts.join('_').toUpperCase(),
    label: label ?? name,
  };
}
