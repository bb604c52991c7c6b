import { useMemo } from 'react';
import styled from 'styled-components';
import {
  type Invitation,
  INVITATION_VALID_DAYS,
  type InvitationState,
  invitationRequestSchema,
  inviteEmployeeCall,
  listInvitationsCall,
  revokeInvitationCall,
} from '#server/contracts/employee-invitation.ts';
import { Button } from '#client/components/button/button.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { StatusTag, type StatusTone } from '#client/components/status-tag.tsx';
import { DataTable, dataColumnHelper } from '#client/components/table/data-table.tsx';
import { VisuallyHidden } from '#client/components/visually-hidden.ts';
import { LoadFailedNotice } from '#client/components/page/page-states.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useCallQuery } from '#client/lib/request/call-client.ts';
import { useAccountCommand } from './account-command.ts';

const STATE_LABELS: Record<InvitationState, { label: string; tone: StatusTone }> = {
  pending: { label: '招待中', tone: 'plain' },
  used: { label: '登録済み', tone: 'success' },
  revoked: { label: '取り消し', tone: 'muted' },
  expired: { label: '期限切れ', tone: 'muted' },
};

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const column = dataColumnHelper<Invitation>();

/** The columns; the last holds the row's commands (resend while not used, revoke while pending). */
function useInvitationColumns(
  resend: (invitation: Invitation) => void,
  revoke: (invitation: Invitation) => void,
) {
  return useMemo(
    () =>
      column.columns([
        column.accessor('email', { header: 'メールアドレス', meta: { rowHeader: true, minWidth: '12em' } }),
        column.accessor((invitation) => invitation.name ?? '', {
          id: 'name',
          header: 'お名前',
          meta: { nowrap: true },
        }),
        column.accessor('state', {
          header: '状態',
          meta: { nowrap: true },
          cell: ({ getValue }) => {
            const state = STATE_LABELS[getValue<InvitationState>()];
            return <StatusTag $tone={state.tone}>{state.label}</StatusTag>;
          },
        }),
        column.accessor('invited_by_name', { header: '招待した人', meta: { nowrap: true } }),
        column.accessor((invitation) => formatJapaneseDateTime(invitation.created_at), {
          id: 'created_at',
          header: '招待日時',
          meta: { nowrap: true },
        }),
        column.accessor((invitation) => formatJapaneseDateTime(invitation.expires_at), {
          id: 'expires_at',
          header: '有効期限',
          meta: { nowrap: true },
        }),
        column.display({
          id: 'actions',
          header: '操作',
          meta: { nowrap: true },
          cell: ({ row }) => {
            const invitation = row.original;
            return (
              <RowActions>
                {invitation.state !== 'used' && (
                  <Button type="button" onClick={() => resend(invitation)}>
                    再送信<VisuallyHidden>（{invitation.email}）</VisuallyHidden>
                  </Button>
                )}
                {invitation.state === 'pending' && (
                  <Button type="button" onClick={() => revoke(invitation)}>
                    取り消す<VisuallyHidden>（{invitation.email}）</VisuallyHidden>
                  </Button>
                )}
              </RowActions>
            );
          },
        }),
      ]),
    [resend, revoke],
  );
}

/**
 * 従業員の招待: an employee is invited by mail (the link is valid 7 days, once); the list shows the
 * company's invitations of the last 90 days with their state. Resending mails a new link (the old
 * one stops working); revoking a pending one makes its link useless. A bank whose identity provider
 * keeps the passwords registers its users there: the form is replaced by that notice.
 */
export function EmployeeInvitations() {
  const config = useAppConfig();
  const invitations = useCallQuery(listInvitationsCall, {});
  const command = useAccountCommand();
  const form = useSchemaForm(invitationRequestSchema, { defaultValues: { email: '', name: '' } });
  const { errors } = form;

  const resend = (invitation: Invitation) =>
    void command(inviteEmployeeCall, { body: { email: invitation.email, name: invitation.name ?? '' } }, [
      listInvitationsCall,
    ]);
  const revoke = (invitation: Invitation) =>
    void command(
      revokeInvitationCall,
      { body: { invitation_unique_code: invitation.invitation_unique_code } },
      [listInvitationsCall],
    );
  const columns = useInvitationColumns(resend, revoke);

  const submit = form.handleSubmit(async (body) => {
    const outcome = await command(inviteEmployeeCall, { body }, [listInvitationsCall]);
    if (outcome.status === 'error') form.showServerErrors(outcome.fieldErrors);
    else form.reset();
  });

  if (config.password_reset_url)
    return (
      <Notice $tone="info">
        <p>
          この金融機関では、従業員のアカウントは金融機関の認証サービスで登録します。お取引店にお問い合わせください。
        </p>
      </Notice>
    );

  const email = {
    name: 'email' as const,
    required: true,
    error: errors.email,
    hint: '招待メールを送るアドレスです。',
  };
  const name = {
    name: 'name' as const,
    required: false,
    error: errors.name,
    hint: '招待の一覧で見分けるためのお名前です（招待メールには記載されません）。',
  };
  return (
    <>
      <p>
        招待メールのリンクから、従業員がご自身でアカウントを登録します。リンクの有効期限は
        {INVITATION_VALID_DAYS}
        日間で、一度だけ使えます。
      </p>
      <form noValidate aria-label="従業員の招待" onSubmit={(event) => void submit(event)}>
        <FieldRow label="メールアドレス" {...email}>
          <TextInput
            type="email"
            inputMode="email"
            {...describedControl('email', email)}
            {...form.register('email')}
          />
        </FieldRow>
        <FieldRow label="お名前" {...name}>
          <TextInput {...describedControl('name', name)} {...form.register('name')} />
        </FieldRow>
        <FormSubmitRow disabled={form.isSubmitting}>招待メールを送る</FormSubmitRow>
      </form>
      {invitations.isError ? (
        <LoadFailedNotice />
      ) : (
        <DataTable
          caption="招待の一覧"
          columns={columns}
          data={invitations.data ?? []}
          getRowId={(invitation) => invitation.invitation_unique_code}
          busy={invitations.isPending}
          emptyMessage={invitations.isPending ? '読み込み中' : '招待はまだありません'}
        />
      )}
    </>
  );
}
