import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';

/** Nesting no request of the API comes near (its deepest body is three levels); past it: 400. */
export const JSON_MAX_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, read in one pass over the
 * text before it is parsed (a string's brackets do not count). A megabyte of `[[[[…` is refused
 * in about a millisecond instead of being parsed and then walked by every check after it.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (prototype-poisoning refused), after a depth check. Registered
 * on the root, so every scope parses JSON the same way.
 */
export const jsonBodyPlugin = fp(
  async function jsonBody(app: FastifyInstance) {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonNestsDeeperThan(text, JSON_MAX_DEPTH)) {
        done(badRequest(), undefined);
        return;
      }
      parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
