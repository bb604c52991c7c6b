import { z } from 'zod';
import { ANALYSE_ACTION_CATEGORIES } from '#server/contracts/master-list-items.ts';

// The list items' schemas are contracts (server/contracts/master-list-items.ts): the client reads with them.

/** Master lists take no query parameters; an unknown one is a bad request. */
export const noQuerySchema = z.object({}).strict();

export const analyseActionQuerySchema = z
  .object({ category: z.enum(ANALYSE_ACTION_CATEGORIES).optional() })
  .strict();
