import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { callKeyPrefix } from '#server/contracts/call.ts';
import { NEED_CATEGORIES } from '#server/contracts/need-categories.ts';
import {
  getNeedNoticeSettingCall,
  NEED_NOTICE_CHANNELS,
  type NeedNoticeSetting,
  needNoticeSettingBodySchema,
  saveNeedNoticeSettingCall,
} from '#server/contracts/need-notice-setting.ts';
import { CodeChecklistField } from '#client/components/form/code-checklist-field.tsx';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel } from '#client/components/form/form-controls.ts';
import { IndustryCodesField } from '#client/components/form/industry-codes-field.tsx';
import { PrefectureCodesField } from '#client/components/form/prefecture-codes-field.tsx';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { checkEntered, placeServerErrors } from '#client/lib/forms/entered-fields.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';

const INDUSTRY_FIELD_NAME = 'notice_industry_codes';
const AREA_FIELD_NAME = 'notice_area_codes';

/** The setting as the form holds it: what the save sends, before the contract's schema orders it. */
interface EnteredSetting {
  notice_is_enabled: boolean;
  notice_categories: string[];
  notice_industry_codes: string[];
  notice_area_codes: string[];
  notice_channels: string[];
}
type SettingField = keyof EnteredSetting;
type FieldMessages = Partial<Record<SettingField, string>>;

const FIELDS: readonly SettingField[] = [
  'notice_is_enabled',
  'notice_channels',
  'notice_categories',
  INDUSTRY_FIELD_NAME,
  AREA_FIELD_NAME,
];

function enteredOf(setting: NeedNoticeSetting): EnteredSetting {
  return {
    notice_is_enabled: setting.notice_is_enabled,
    notice_categories: [...setting.notice_categories],
    notice_industry_codes: [...setting.notice_industry_codes],
    notice_area_codes: [...setting.notice_area_codes],
    notice_channels: [...setting.notice_channels],
  };
}

/** Checks with the save's own schema: the same messages on both edges. */
const check = (entered: EnteredSetting) => checkEntered(needNoticeSettingBodySchema, entered, FIELDS);

/**
 * The company's need notice setting (/mypage/setting/matching/search): on or off, the channels,
 * and the categories, industries and areas of the needs to hear of (none ticked: any). Checked in
 * the browser with the save's schema (once sent, each list's message follows its ticks), saved
 * through the save flow (overlay, 登録が完了しました / データの登録に失敗しました) with the server's
 * refusals under their lists.
 */
export function NeedNoticeSettingForm({ setting }: { setting: NeedNoticeSetting }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const [entered, setEntered] = useState(() => enteredOf(setting));
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const errors = useMemo<FieldMessages>(
    () => ({ ...(submitted ? check(entered).messages : {}), ...serverErrors }),
    [entered, submitted, serverErrors],
  );

  function change<K extends SettingField>(field: K, value: EnteredSetting[K]) {
    setEntered((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    setServerErrors({});
    const { result, messages } = check(entered);
    if (!result.success) {
      // The sender starts where the form needs them: the first checkbox of the first list in error.
      const first = FIELDS.find((field) => messages[field] !== undefined);
      if (first) form.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const outcome = await saveFlow.run(() =>
        saveCall(api, saveNeedNoticeSettingCall, { body: result.data }),
      );
      if (outcome.status === 'error') {
        setServerErrors(placeServerErrors(outcome.fieldErrors, FIELDS).placed);
        return;
      }
      setEntered(enteredOf(outcome.result));
      await queryClient.invalidateQueries({ queryKey: callKeyPrefix(getNeedNoticeSettingCall) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate aria-label="ニーズ通知設定の入力" onSubmit={(event) => void submit(event)}>
      <FieldRow
        name="notice_is_enabled"
        label="新着ニーズの通知"
        naming="group"
        hint="オフにすると、下の条件は残したまま通知を止めます。"
        error={errors.notice_is_enabled}
      >
        <ChoiceLabel>
          <input
            type="checkbox"
            name="notice_is_enabled"
            checked={entered.notice_is_enabled}
            onChange={(event) => change('notice_is_enabled', event.target.checked)}
          />
          条件に合う新着ニーズを通知する
        </ChoiceLabel>
      </FieldRow>
      <CodeChecklistField
        name="notice_channels"
        label="通知方法"
        hint="通知するときは1つ以上選んでください。"
        error={errors.notice_channels}
        options={NEED_NOTICE_CHANNELS}
        value={entered.notice_channels}
        onChange={(codes) => change('notice_channels', codes)}
      />
      <CodeChecklistField
        name="notice_categories"
        label="ニーズの種類"
        hint="選ばなければ、すべての種類のニーズを通知します。"
        error={errors.notice_categories}
        options={NEED_CATEGORIES}
        value={entered.notice_categories}
        onChange={(codes) => change('notice_categories', codes)}
      />
      <IndustryCodesField
        name={INDUSTRY_FIELD_NAME}
        label="業種"
        hint="選ばなければ、すべての業種のニーズを通知します。大分類の名前を押すと中分類を選べます。"
        value={entered.notice_industry_codes}
        error={errors.notice_industry_codes}
        onChange={(codes) => change(INDUSTRY_FIELD_NAME, codes)}
      />
      <PrefectureCodesField
        name={AREA_FIELD_NAME}
        label="エリア"
        hint="選ばなければ、全国のニーズを通知します。ニーズのエリアに選んだ都道府県が1つでも含まれていれば通知します。"
        value={entered.notice_area_codes}
        error={errors.notice_area_codes}
        onChange={(codes) => change(AREA_FIELD_NAME, codes)}
      />
      <FormSubmitRow disabled={sending}>保存する</FormSubmitRow>
    </form>
  );
}
