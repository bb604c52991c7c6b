import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import {
  CHARGE_KIND_LABELS,
  CHARGE_KINDS,
  CHARGE_MESSAGES,
  CHARGE_NOTE_MAX_LENGTH,
  type ChargeCompany,
  type ChargeFields,
  chargeFieldsSchema,
  type ChargeItem,
} from '#server/contracts/company-charges.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { Button } from '#client/components/button/button.tsx';
import { useOverlay } from '#client/components/feedback/overlay.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextInput } from '#client/components/form/form-controls.ts';
import { type EnteredValues, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { ChargePasswordDialog } from './charge-password-dialog.tsx';
import { reloadCharges, saveCompanyCharge } from './company-charge-calls.ts';
import { formatYen } from '#server/contracts/charge-format.ts';
import { chargeEntryName } from './company-charge-display.ts';

const ShortInput = styled(TextInput)`
  max-width: 16em;
`;

const ShortSelect = styled(Select)`
  max-width: 16em;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-content: flex-end;
  padding-top: ${({ theme }) => theme.spacing.lg};
`;

/** The controls' starting values: the entry's, or a new one's (this month's monthly charge). */
function defaultsOf(
  charge: ChargeItem | undefined,
  firstStatus: string,
): EnteredValues<typeof chargeFieldsSchema> {
  return {
    charge_month: charge?.charge_month ?? japanDateString().slice(0, 7),
    charge_kind: charge?.charge_kind ?? 'subscription',
    charge_amount: charge ? String(charge.charge_amount) : '',
    charge_status: charge?.charge_status ?? firstStatus,
    charge_note: charge?.charge_note ?? '',
  };
}

export interface CompanyChargeFormProps {
  company: ChargeCompany;
  /** The entry being edited; undefined for a new one. */
  charge?: ChargeItem;
  /** The entry was saved, or its edit given up: the page goes back to a new entry. */
  onDone: () => void;
}

/**
 * An entry's form: month (YYYY-MM), kind, amount in whole yen (negative only for 調整), status
 * (charge_statuses master) and note, checked with the save call's own rules. 保存 asks for the staff
 * member's password in a dialog and sends the form with it; the toasts are the admin spec's
 * (section 8): 保存しました; 認証に失敗しました。再度お試しください for a wrong password or no reply;
 * otherwise the server's message, or システムエラーが発生しました. The server's field errors go under
 * their fields.
 */
export function CompanyChargeForm({ company, charge, onDone }: CompanyChargeFormProps) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const overlay = useOverlay();
  const toast = useToast();
  const statuses = useMasterList('charge_statuses');
  const form = useSchemaForm(chargeFieldsSchema, {
    defaultValues: defaultsOf(charge, statuses[0]?.code ?? ''),
  });
  // The checked fields waiting for the password (the dialog is open while there are some).
  const [pending, setPending] = useState<ChargeFields | null>(null);
  const { values } = form;

  const submit = form.handleSubmit((fields) => setPending(fields));

  /** Sends the save; answers the message for the password field when the dialog should stay open. */
  const confirm = async (password: string): Promise<string | undefined> => {
    if (!pending) return undefined;
    overlay.show();
    try {
      const outcome = await saveCompanyCharge(api, {
        ...pending,
        company_unique_code: company.company_unique_code,
        charge_id: charge?.charge_id ?? null,
        password,
      });
      if (outcome.kind === 'saved') {
        toast.success(CHARGE_MESSAGES.saved);
        setPending(null);
        await reloadCharges(queryClient);
        onDone();
        return undefined;
      }
      if (outcome.kind === 'no-reply') {
        toast.error(CHARGE_MESSAGES.authenticationFailed);
        return CHARGE_MESSAGES.authenticationFailed;
      }
      toast.error(outcome.message ?? CHARGE_MESSAGES.systemError);
      const passwordRefusal = outcome.fieldErrors.password?.[0];
      if (passwordRefusal) return passwordRefusal;
      // Refused for what the form holds (a month already charged): back to the form, messages under its fields.
      setPending(null);
      form.showServerErrors(outcome.fieldErrors);
      return undefined;
    } catch (error) {
      toast.error(CHARGE_MESSAGES.systemError);
      setPending(null);
      throw error;
    } finally {
      overlay.hide();
    }
  };

  /** The props of a field's row and control: its name, whether required, its hint and error. */
  const { field } = schemaFieldRows(form);
  const month = field('charge_month', true, '例：2026-04');
  const kind = field('charge_kind', true);
  const amount = field(
    'charge_amount',
    true,
    '円単位の整数で入力します。マイナスの金額は「調整」のときだけ入力できます。',
  );
  const status = field('charge_status', true);
  const note = field(
    'charge_note',
    false,
    `${characterCount(values.charge_note)} / ${CHARGE_NOTE_MAX_LENGTH}文字`,
  );

  return (
    <>
      <form noValidate aria-label="利用料の明細の入力" onSubmit={(event) => void submit(event)}>
        <FieldRow label="対象月" {...month}>
          <ShortInput
            type="month"
            placeholder="2026-04"
            // 編集 brings the staff here: the entry's first field takes the focus (and the scroll).
            autoFocus={charge !== undefined}
            {...describedControl(month.name, month)}
            {...form.register('charge_month')}
          />
        </FieldRow>
        <FieldRow label="種別" {...kind}>
          <ShortSelect {...describedControl(kind.name, kind)} {...form.register('charge_kind')}>
            {CHARGE_KINDS.map((code) => (
              <option key={code} value={code}>
                {CHARGE_KIND_LABELS[code]}
              </option>
            ))}
          </ShortSelect>
        </FieldRow>
        <FieldRow label="金額（円）" {...amount}>
          <ShortInput
            autoComplete="off"
            {...describedControl(amount.name, amount)}
            {...form.register('charge_amount')}
          />
        </FieldRow>
        <FieldRow label="状態" {...status}>
          <ShortSelect {...describedControl(status.name, status)} {...form.register('charge_status')}>
            <option value="">選択してください</option>
            {statuses.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </ShortSelect>
        </FieldRow>
        <FieldRow label="備考" {...note}>
          <TextInput {...describedControl(note.name, note)} {...form.register('charge_note')} />
        </FieldRow>
        <Actions>
          {charge && (
            <Button type="button" onClick={onDone}>
              編集をやめる
            </Button>
          )}
          <Button type="submit" $variant="main" disabled={form.isSubmitting || pending !== null}>
            保存
          </Button>
        </Actions>
      </form>
      <ChargePasswordDialog
        open={pending !== null}
        subject={
          pending
            ? `「${company.company_name}」の${chargeEntryName(pending)}（${formatYen(pending.charge_amount)}）を保存します。`
            : ''
        }
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}
