import * as z from 'zod/mini';
import { USER_GROUPS } from './account-types.ts';
import { bankBranchSchema } from './logged-in-user.ts';

/**
 * Items of the master lists (GET /api/v1/master/..., admin spec section 7): the server answers
 * with these and the client reads with them. Every list answers a plain array in `result` — they
 * are small and loaded whole at start-up, so they are not paged.
 */
export const codeItemSchema = z.object({ code: z.string(), name: z.string() });

export const prefectureSchema = z.extend(codeItemSchema, { name_kana: z.string(), region: z.string() });

/** A 大分類 of the Japan Standard Industrial Classification with its 中分類. */
export const businessCategorySchema = z.extend(codeItemSchema, { children: z.array(codeItemSchema) });

export const userTypeSchema = z.extend(codeItemSchema, { user_group: z.enum(USER_GROUPS) });

export const chargeStatusSchema = z.extend(codeItemSchema, {
  color: z.string().check(z.regex(/^#[0-9A-F]{6}$/i)),
  is_closed: z.boolean(),
});

export const chatRoomTypeSchema = z.extend(codeItemSchema, {
  is_hidden: z.boolean(),
  requires_approval: z.boolean(),
  is_builtin: z.boolean(),
});

/** What the usage analytics count, by area (GET /api/v1/master/analyse_action?category=matching). */
export const ANALYSE_ACTION_CATEGORIES = ['matching', 'news', 'seminar', 'chat', 'coupon'] as const;
export type AnalyseActionCategory = (typeof ANALYSE_ACTION_CATEGORIES)[number];

export const analyseActionSchema = z.extend(codeItemSchema, { category: z.enum(ANALYSE_ACTION_CATEGORIES) });

export { bankBranchSchema };

/** A branch together with its bank (ba_bank_branches). */
export const baBankBranchSchema = z.extend(bankBranchSchema, { ba_code: z.string(), ba_name: z.string() });

/** A bank of this portal network (ba_banks). */
export const baBankSchema = z.object({
  ba_code: z.string(),
  ba_name: z.string(),
  /** The portal's service name; null for a partner bank outside this deployment. */
  ba_service_name: z.nullable(z.string()),
  is_current_bank: z.boolean(),
});
