import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callKeyPrefix } from '#server/contracts/call.ts';
import {
  BUSINESS_DESCRIPTION_MAX_LENGTH,
  BUSINESS_PRODUCTS_MAX_LENGTH,
  BUSINESS_STRENGTHS_MAX_LENGTH,
  type BusinessProfile,
  businessProfileTextFieldsSchema,
  getBusinessProfileCall,
  saveBusinessProfileCall,
} from '#server/contracts/company-profile.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextArea } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { AREA_FIELD_NAME, BusinessAreaField } from './business-area-field.tsx';

// One schema for the form's life: the same rules the server validates the texts with.
const textsSchema = businessProfileTextFieldsSchema();
type TextField = FieldName<typeof textsSchema>;

/**
 * The company's basic business information (/mypage/mybusiness/edit): what it does, sells and is
 * good at, checked in the browser with the contract's schema, and where it works (prefectures
 * ticked beside the form's texts). Saved through the save flow (overlay, 登録が完了しました /
 * データの登録に失敗しました) with the server's field errors under their fields.
 */
export function BusinessProfileForm({ profile }: { profile: BusinessProfile }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const form = useSchemaForm(textsSchema, {
    defaultValues: {
      business_description: profile.business_description,
      business_products: profile.business_products,
      business_strengths: profile.business_strengths,
    },
  });
  const [areas, setAreas] = useState<string[]>(() => [...profile.business_area_codes]);
  const [areaError, setAreaError] = useState<string>();
  const { values, errors } = form;

  const submit = form.handleSubmit(async (texts) => {
    setAreaError(undefined);
    const outcome = await saveFlow.run(() =>
      saveCall(api, saveBusinessProfileCall, { body: { ...texts, business_area_codes: areas } }),
    );
    if (outcome.status === 'error') {
      form.showServerErrors(outcome.fieldErrors);
      const [areaMessage] = outcome.fieldErrors[AREA_FIELD_NAME] ?? [];
      if (areaMessage) setAreaError(areaMessage);
      return;
    }
    setAreas(outcome.result.business_area_codes);
    await queryClient.invalidateQueries({ queryKey: callKeyPrefix(getBusinessProfileCall) });
  });

  /** A text's row: its name, whether required, its length so far and its error. */
  const text = (name: TextField, required: boolean, maxLength: number) => {
    const row = {
      name,
      required,
      hint: `${characterCount(values[name])} / ${maxLength}文字`,
      error: errors[name],
    };
    return { row, control: { ...describedControl(name, row), ...form.register(name) } };
  };
  const description = text('business_description', true, BUSINESS_DESCRIPTION_MAX_LENGTH);
  const products = text('business_products', false, BUSINESS_PRODUCTS_MAX_LENGTH);
  const strengths = text('business_strengths', false, BUSINESS_STRENGTHS_MAX_LENGTH);

  return (
    <form noValidate aria-label="事業情報の入力" onSubmit={(event) => void submit(event)}>
      <FieldRow label="事業内容" {...description.row}>
        <TextArea {...description.control} />
      </FieldRow>
      <FieldRow label="製品・サービス" {...products.row}>
        <TextArea {...products.control} />
      </FieldRow>
      <FieldRow label="強み" {...strengths.row}>
        <TextArea {...strengths.control} />
      </FieldRow>
      <BusinessAreaField
        value={areas}
        error={areaError}
        onChange={(codes) => {
          setAreas(codes);
          setAreaError(undefined);
        }}
      />
      <FormSubmitRow disabled={form.isSubmitting}>保存する</FormSubmitRow>
    </form>
  );
}
