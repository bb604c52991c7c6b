import { useEffect, useState } from 'react';
import { useParams } from '#client/lib/router/index.ts';
import * as z from 'zod/mini';
import { invitationCheckSchema } from '#server/contracts/employee-invitation.ts';
import { PageFrame } from '#client/components/page-frame.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { checkInvitation } from './api/employee-invitation-calls.ts';
import {
  type CheckedInvitation,
  EmployeeRegistrationForm,
} from './components/employee-registration-form.tsx';
import { RefusedInvitation } from './refused-invitation.tsx';

type InvitationState =
  | { kind: 'checking' }
  | { kind: 'usable'; invitation: CheckedInvitation }
  | { kind: 'refused'; message: string };

/**
 * /register/employee/invitation/{id}: the mailed link of an owner's invitation. The link is checked
 * before the form is shown; one that cannot be used (expired, used, revoked, unknown) shows why in
 * place of the form.
 */
export function EmployeeInvitationPage() {
  const { id = '' } = useParams();
  return (
    <PageFrame title="従業員登録">
      <EmployeeInvitation key={id} token={id} />
    </PageFrame>
  );
}

function EmployeeInvitation({ token }: { token: string }) {
  const api = useApiClient();
  // A token of the wrong shape is refused by the contract's own check, without asking the server.
  const malformed = z.safeParse(invitationCheckSchema, { token }).error?.issues[0]?.message;
  const [state, setState] = useState<InvitationState>(
    malformed === undefined ? { kind: 'checking' } : { kind: 'refused', message: malformed },
  );

  useEffect(() => {
    if (malformed !== undefined) return;
    let current = true;
    void checkInvitation(api, token).then((outcome) => {
      if (!current) return;
      setState(
        outcome.status === 'success'
          ? { kind: 'usable', invitation: outcome.result }
          : { kind: 'refused', message: outcome.message },
      );
    });
    return () => {
      current = false;
    };
  }, [api, token, malformed]);

  if (state.kind === 'checking') return <p role="status">招待を確認しています…</p>;
  if (state.kind === 'refused') return <RefusedInvitation message={state.message} />;
  return (
    <EmployeeRegistrationForm
      token={token}
      invitation={state.invitation}
      onLinkRefused={(message) => setState({ kind: 'refused', message })}
    />
  );
}
