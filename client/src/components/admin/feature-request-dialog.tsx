import { useId } from 'react';
import { useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { DIALOG_WIDTHS } from '#server/contracts/device.ts';
import {
  FEATURE_REQUEST_MESSAGES,
  featureRequestFieldsSchema,
  sendFeatureRequest,
} from '#server/contracts/feature-request.ts';
import { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { Button } from '../button/button.tsx';
import { useToast } from '../feedback/toast.tsx';
import { ModalDialog } from '../dialog/modal-dialog.tsx';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
`;

const Required = styled.span`
  margin-left: ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.danger};
`;

const TextArea = styled.textarea<{ $invalid: boolean }>`
  width: 100%;
  min-height: 200px;
  padding: ${({ theme }) => theme.spacing.sm};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  resize: vertical;
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * The feature-request dialog of the admin footer (admin spec section 2): one required text area.
 * Sending shows 送信しました or 送信できませんでした; either way the dialog closes and the user goes
 * to /admin/dashboard.
 */
export function FeatureRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useApiClient();
  const toast = useToast();
  const navigate = useNavigate();
  const formId = useId();
  const fieldId = useId();
  const errorId = useId();
  const form = useSchemaForm(featureRequestFieldsSchema, { defaultValues: { body: '' } });
  const bodyError = form.errors.body;

  const close = () => {
    form.reset();
    onClose();
  };

  const send = form.handleSubmit(async (values) => {
    const outcome = await saveCall(api, sendFeatureRequest, { body: { body: values.body } });
    if (outcome.status === 'success') toast.success(FEATURE_REQUEST_MESSAGES.sent);
    else toast.error(FEATURE_REQUEST_MESSAGES.failed);
    close();
    await navigate('/admin/dashboard');
  });

  return (
    <ModalDialog
      open={open}
      onClose={close}
      title="機能要望"
      width={DIALOG_WIDTHS.featureRequest}
      actions={
        <>
          <Button type="button" onClick={close}>
            キャンセル
          </Button>
          <Button type="submit" form={formId} $variant="main" disabled={form.isSubmitting}>
            送信する
          </Button>
        </>
      }
    >
      <Form id={formId} onSubmit={send} noValidate>
        <Label htmlFor={fieldId}>
          要望内容
          <Required>必須</Required>
        </Label>
        <TextArea
          id={fieldId}
          aria-required="true"
          aria-describedby={bodyError ? errorId : undefined}
          $invalid={Boolean(bodyError)}
          {...form.register('body')}
        />
        {bodyError && (
          <FieldError id={errorId} role="alert">
            {bodyError}
          </FieldError>
        )}
      </Form>
    </ModalDialog>
  );
}
