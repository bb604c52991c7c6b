import { z } from 'zod';
import { ANALYSE_ACTION_CATEGORIES } from '../../db/master-data/code-lists.ts';

/**
 * Response items of the master lists (GET /api/v1/master/...). Every list answers a plain array
 * in `result` — they are small and loaded whole at start-up, so they are not paged.
 */
export const codeItemSchema = z.object({ code: z.string(), name: z.string() });

export const prefectureSchema = codeItemSchema.extend({ name_kana: z.string(), region: z.string() });

/** A 大分類 of the Japan Standard Industrial Classification with its 中分類. */
export const businessCategorySchema = codeItemSchema.extend({ children: z.array(codeItemSchema) });

export const userTypeSchema = codeItemSchema.extend({ user_group: z.enum(['bank', 'company']) });

export const chargeStatusSchema = codeItemSchema.extend({
  color: z.string().regex(/^#[0-9A-F]{6}$/i),
  is_closed: z.boolean(),
});

export const chatRoomTypeSchema = codeItemSchema.extend({
  is_hidden: z.boolean(),
  requires_approval: z.boolean(),
  is_builtin: z.boolean(),
});

export const analyseActionSchema = codeItemSchema.extend({ category: z.enum(ANALYSE_ACTION_CATEGORIES) });

/** Spec: bank branches carry bb_id, bb_code, bb_unique_code, bb_name. */
export const bankBranchSchema = z.object({
  bb_id: z.number().int(),
  bb_code: z.string(),
  bb_unique_code: z.string(),
  bb_name: z.string(),
});

/** A branch together with its bank (ba_bank_branches). */
export const baBankBranchSchema = bankBranchSchema.extend({ ba_code: z.string(), ba_name: z.string() });

/** A bank of this portal network (ba_banks). */
export const baBankSchema = z.object({
  ba_code: z.string(),
  ba_name: z.string(),
  /** The portal's service name; null for a partner bank outside this deployment. */
  ba_service_name: z.string().nullable(),
  is_current_bank: z.boolean(),
});

/** Master lists take no query parameters; an unknown one is a bad request. */
export const noQuerySchema = z.object({}).strict();

export const analyseActionQuerySchema = z
  .object({ category: z.enum(ANALYSE_ACTION_CATEGORIES).optional() })
  .strict();
