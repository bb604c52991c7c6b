import { AGENT_REQUEST_STATUS_LABELS, type AgentRequestStatus } from '#server/contracts/matching-agent.ts';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';

const STATUS_TONES: Record<AgentRequestStatus, StatusTone> = {
  open: 'plain',
  in_progress: 'success',
  done: 'muted',
};

/** Where an agent request stands (受付, 対応中, 完了) as a tag: the company's list and the bank's alike. */
export function AgentRequestStatusTag({ status }: { status: AgentRequestStatus }) {
  return <StatusTag $tone={STATUS_TONES[status]}>{AGENT_REQUEST_STATUS_LABELS[status]}</StatusTag>;
}
