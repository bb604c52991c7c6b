import { useMemo } from 'react';
import {
  leaveMonthChoices,
  leaveMonthLabel,
  leavesOnOf,
  UNSUBSCRIBE_NOTE_MAX_LENGTH,
  type unsubscriptionFieldsSchema,
} from '#server/contracts/company-unsubscription.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextArea } from '#client/components/form/form-controls.ts';
import { formatJapaneseDate } from '#client/lib/date-format.ts';
import type { useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';

type UnsubscriptionForm = ReturnType<typeof useSchemaForm<ReturnType<typeof unsubscriptionFieldsSchema>>>;

/** 2026-04 → 2026年4月末（2026年4月30日） */
const leaveMonthOption = (month: string) =>
  `${leaveMonthLabel(month)}末（${formatJapaneseDate(leavesOnOf(month))}）`;

const NOTE_HINT = `${UNSUBSCRIBE_NOTE_MAX_LENGTH}文字以内`;

/**
 * A leaving's fields, the same on the bank's desk and the company's own request: 退会月 (this month
 * and the next 12), 退会理由 (the unsubscribe_reasons master) and 備考, bound to a form of the
 * contract's unsubscriptionFieldsSchema.
 */
export function UnsubscriptionFields({ form, monthHint }: { form: UnsubscriptionForm; monthHint?: string }) {
  const reasons = useMasterList('unsubscribe_reasons');
  const months = useMemo(() => leaveMonthChoices(new Date()), []);
  const { errors } = form;
  return (
    <>
      <FieldRow
        name="unsubscribe-leave-month"
        label="退会月"
        required
        hint={monthHint}
        error={errors.leave_month}
      >
        <Select
          {...form.register('leave_month')}
          {...describedControl('unsubscribe-leave-month', {
            required: true,
            hint: monthHint,
            error: errors.leave_month,
          })}
        >
          <option value="">選択してください</option>
          {months.map((month) => (
            <option key={month} value={month}>
              {leaveMonthOption(month)}
            </option>
          ))}
        </Select>
      </FieldRow>
      <FieldRow name="unsubscribe-reason" label="退会理由" required error={errors.reason}>
        <Select
          {...form.register('reason')}
          {...describedControl('unsubscribe-reason', { required: true, error: errors.reason })}
        >
          <option value="">選択してください</option>
          {reasons.map((reason) => (
            <option key={reason.code} value={reason.code}>
              {reason.name}
            </option>
          ))}
        </Select>
      </FieldRow>
      <FieldRow name="unsubscribe-note" label="備考" hint={NOTE_HINT} error={errors.note}>
        <TextArea
          {...form.register('note')}
          {...describedControl('unsubscribe-note', { hint: NOTE_HINT, error: errors.note })}
        />
      </FieldRow>
    </>
  );
}
