import { useState } from 'react';
import styled from 'styled-components';
import { uploadIdentificationCall } from '#server/contracts/registration.ts';
import {
  IDENTIFICATION_CONTENT_TYPES,
  IDENTIFICATION_FILE_FIELD,
  IDENTIFICATION_MAX_BYTES,
  IDENTIFICATION_UPLOAD,
} from '#server/contracts/registration-identification.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveUploadCall, uploadRefusal } from '#client/lib/request/upload-call.ts';
import { REGISTRATION_FIELD_LABELS } from '#client/features/registration/registration-field-labels.ts';
import { useDraftId } from './draft-id-context.ts';
import { type StepFieldsProps, textOf } from './step-fields-context.ts';

const NAME = 'identification_file_unique_code';
const MAX_MB = IDENTIFICATION_MAX_BYTES / 1048576;

const Status = styled.p`
  margin: 0;
`;

/**
 * The identification document (本人確認書類): a photo or scan, uploaded into the draft as soon as it
 * is chosen. The server tells its type by its content and keeps one file per draft (a new one
 * replaces the last).
 */
export function IdentificationFileField({ values, errors, asked, onChange }: StepFieldsProps) {
  const api = useApiClient();
  const draftId = useDraftId();
  const [state, setState] = useState<{ busy: boolean; name?: string; error?: string }>({ busy: false });
  const required = asked.get(NAME);
  if (required === undefined) return null;
  const uploaded = textOf(values, NAME) !== '';
  const row = {
    name: NAME,
    required,
    hint: `運転免許証、マイナンバーカード（表面）などの画像またはPDF（${MAX_MB}MBまで）。`,
    error: state.error ?? errors[NAME],
  };

  async function upload(file: File) {
    const refused = uploadRefusal(IDENTIFICATION_UPLOAD, file);
    if (refused) return setState({ busy: false, error: refused });
    setState({ busy: true });
    const outcome = await saveUploadCall(
      api,
      uploadIdentificationCall,
      { body: { draft_id: draftId }, file },
      // A draft past its 24 hours: its message, under the field.
      { onNotFound: 'refusal' },
    );
    if (outcome.status === 'success') {
      onChange(NAME, outcome.result.file_unique_code);
      setState({ busy: false, name: outcome.result.file_name });
      return;
    }
    const [message] = outcome.fieldErrors[IDENTIFICATION_FILE_FIELD] ?? [];
    setState({ busy: false, error: message ?? outcome.message });
  }

  return (
    <FieldRow optionalTag label={REGISTRATION_FIELD_LABELS[NAME]} {...row}>
      <input
        {...describedControl(NAME, row)}
        type="file"
        accept={IDENTIFICATION_CONTENT_TYPES.join(',')}
        disabled={state.busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Status role="status">
        {state.busy
          ? 'アップロードしています…'
          : state.name
            ? `「${state.name}」をアップロードしました。`
            : uploaded
              ? '本人確認書類はアップロード済みです。差し替える場合は、ファイルを選び直してください。'
              : ''}
      </Status>
    </FieldRow>
  );
}
