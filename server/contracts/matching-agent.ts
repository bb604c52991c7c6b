// zod/mini: the agent pages validate their forms with these schemas (see theme-tokens.ts).
import * as z from 'zod/mini';
import { defineCall } from './call.ts';
import { MATCHING_WRITE_PERMISSIONS } from './matching-deals.ts';
import { listQuery, pagedAnswer } from './paging.ts';
import { validationRules } from './validation.ts';

/**
 * The matching agent (issue 17 item 5): a company asks its bank to introduce it — for one of the
 * needs it found, or for what it looks for in its own words — at /mypage/matching/agent; the
 * bank's staff see the requests of their companies (branch staff their branches') at
 * /admin/matching/agent and move them on (受付 → 対応中 → 完了) with a note the company reads.
 */

export const AGENT_REQUEST_BODY_MAX_LENGTH = 2000;
export const AGENT_NOTE_MAX_LENGTH = 2000;

export const AGENT_REQUEST_STATUSES = ['open', 'in_progress', 'done'] as const;
export type AgentRequestStatus = (typeof AGENT_REQUEST_STATUSES)[number];
export const AGENT_REQUEST_STATUS_LABELS: Record<AgentRequestStatus, string> = {
  open: '受付',
  in_progress: '対応中',
  done: '完了',
};

export const AGENT_MESSAGES = {
  sent: '銀行にマッチングの仲介を依頼しました',
  updated: '依頼の状況を更新しました',
  needNotFound: '指定したニーズは公開されていないか、見つかりません',
} as const;

const rules = validationRules();
const codeSchema = z.string().check(z.regex(/^[0-9a-zA-Z]{1,32}$/));

export const agentRequestBodySchema = z.object({
  /** The need the company wants an introduction for; empty: its own words only. */
  ca_unique_code: z.optional(z.union([z.literal(''), codeSchema])),
  agent_request_body: rules.text({
    required: true,
    maxLength: AGENT_REQUEST_BODY_MAX_LENGTH,
    multiline: true,
  }),
});

export const agentRequestSchema = z.object({
  agent_request_unique_code: z.string(),
  ca_unique_code: z.nullable(z.string()),
  need_title: z.nullable(z.string()),
  agent_request_body: z.string(),
  agent_request_status: z.enum(AGENT_REQUEST_STATUSES),
  agent_request_note: z.nullable(z.string()),
  agent_request_created_at: z.string(),
  agent_request_updated_at: z.string(),
});
export type AgentRequest = z.infer<typeof agentRequestSchema>;

/** A request as the staff list it: with the company and its branch. */
export const staffAgentRequestSchema = z.extend(agentRequestSchema, {
  company_unique_code: z.string(),
  company_name: z.string(),
  bb_name: z.nullable(z.string()),
});

export const agentRequestParamsSchema = z.object({ agent_request_unique_code: codeSchema });

export const listOwnAgentRequestsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/matching/agent',
  query: listQuery({}),
  result: pagedAnswer(agentRequestSchema),
  access: 'company',
  member: true,
  rule: 'matching_read',
  summary: '自社のエージェント依頼の一覧',
});

export const sendAgentRequestCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/matching/agent',
  body: agentRequestBodySchema,
  result: agentRequestSchema,
  access: 'company',
  member: true,
  permissions: MATCHING_WRITE_PERMISSIONS,
  rule: 'matching_read',
  summary: 'エージェント（銀行による仲介）の依頼',
  description:
    '銀行にマッチングの仲介を依頼します（商談依頼の権限 company_matching_write が必要）。ニーズを指定する場合は、読める公開中のニーズに限ります。',
});

export const listStaffAgentRequestsCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'GET',
  path: '/api/v1/admin/matching/agent',
  query: listQuery({ status: z.optional(z.union([z.literal(''), z.enum(AGENT_REQUEST_STATUSES)])) }),
  result: pagedAnswer(staffAgentRequestSchema),
  access: 'bank',
  summary: 'エージェント依頼の一覧（行員）',
  description: '当行の企業からの依頼を新しい順に返します（支店の行員は担当支店の企業のもの）。',
});

export const updateAgentRequestCall = /* @__PURE__ */ defineCall({
  domain: 'matching',
  method: 'POST',
  path: '/api/v1/admin/matching/agent/:agent_request_unique_code',
  params: agentRequestParamsSchema,
  body: z.object({
    agent_request_status: z.enum(AGENT_REQUEST_STATUSES),
    agent_request_note: rules.text({ maxLength: AGENT_NOTE_MAX_LENGTH, multiline: true }),
  }),
  result: staffAgentRequestSchema,
  access: 'bank',
  summary: 'エージェント依頼の対応状況の更新',
});
