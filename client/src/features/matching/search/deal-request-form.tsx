import { useQueryClient } from '@tanstack/react-query';
import { callKeyPrefix } from '#server/contracts/call.ts';
import { getOwnAgreementCall } from '#server/contracts/matching-agreement.ts';
import { useState } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  DEAL_MESSAGE_MAX_LENGTH,
  DEAL_MESSAGES,
  dealRequestBodySchema,
  sendDealRequestCall,
} from '#server/contracts/matching-deals.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextArea } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { refusalReason, useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { AgreementRequiredNotice } from '../components/matching-agreement-notice.tsx';
import { dealDetailPath } from '../matching-paths.ts';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/**
 * The deal request on a need: a request type (the cmh_request_types master) and a message, checked
 * with the call's schema, sent through the save flow; once sent, the deal's page. A refusal with a
 * reason (a request already open on the need) shows above the form, field errors under their
 * fields; the matching terms not yet agreed to show the way to the agreement page instead.
 */
export function DealRequestForm({ caUniqueCode }: { caUniqueCode: string }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { run } = useCommand();
  const requestTypes = useMasterList('cmh_request_types');
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm(dealRequestBodySchema, {
    defaultValues: { ca_unique_code: caUniqueCode, cmh_request_type: '', cmh_message: '' },
  });
  const { errors } = form;

  const submit = form.handleSubmit(async (body) => {
    setRefusal(undefined);
    const outcome = await run(() => saveCall(api, sendDealRequestCall, { body }), {
      done: DEAL_MESSAGES.sent,
    });
    if (!outcome) return;
    if (outcome.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: [sendDealRequestCall.domain] });
      await navigate(dealDetailPath('sender', outcome.result.cmh_unique_code));
      return;
    }
    const unplaced = form.showServerErrors(outcome.fieldErrors);
    const placed = Object.keys(outcome.fieldErrors).length > unplaced.length;
    if (!placed && refusalReason(outcome)) setRefusal(unplaced[0] ?? outcome.message);
    // The page's agreement check was wrong or failed: ask again, so the page follows the server.
    if (outcome.message === DEAL_MESSAGES.agreementRequired)
      await queryClient.invalidateQueries({ queryKey: callKeyPrefix(getOwnAgreementCall) });
  });

  const type = { name: 'cmh_request_type', required: true, error: errors.cmh_request_type };
  const message = {
    name: 'cmh_message',
    required: true,
    hint: `${DEAL_MESSAGE_MAX_LENGTH}文字以内（${characterCount(form.values.cmh_message)}文字入力済み）。ご用件、ご連絡先、希望する進め方などをお書きください。`,
    error: errors.cmh_message,
  };

  return (
    <Form noValidate aria-label="商談依頼の入力" onSubmit={(event) => void submit(event)}>
      {refusal === DEAL_MESSAGES.agreementRequired ? (
        <AgreementRequiredNotice refused />
      ) : (
        refusal && (
          <Notice role="alert">
            <p>{refusal}</p>
          </Notice>
        )
      )}
      <FieldRow label="依頼内容" {...type}>
        <Select {...describedControl(type.name, type)} {...form.register('cmh_request_type')}>
          <option value="">選択してください</option>
          {requestTypes.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </Select>
      </FieldRow>
      <FieldRow label="メッセージ" {...message}>
        <TextArea {...describedControl(message.name, message)} {...form.register('cmh_message')} />
      </FieldRow>
      <FormSubmitRow disabled={form.isSubmitting}>商談依頼を送る</FormSubmitRow>
    </Form>
  );
}
