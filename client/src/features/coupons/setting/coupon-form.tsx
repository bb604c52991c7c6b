import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import {
  createServiceOfferCall,
  deleteServiceOfferImageCall,
  SERVICE_OFFER_BENEFIT_MAX_LENGTH,
  SERVICE_OFFER_BODY_MAX_LENGTH,
  SERVICE_OFFER_IMAGE_CONTENT_TYPES,
  SERVICE_OFFER_IMAGE_MAX_BYTES,
  SERVICE_OFFER_IMAGE_UPLOAD,
  SERVICE_OFFER_TARGET_MAX_LENGTH,
  SERVICE_OFFER_TITLE_MAX_LENGTH,
  type ServiceOffer,
  type ServiceOfferFields,
  serviceOfferFieldsSchema,
  updateServiceOfferCall,
  uploadServiceOfferImageCall,
} from '#server/contracts/service-offer.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { publicationEndWarning } from '#server/contracts/validation.ts';
import { Button, ButtonLink } from '#client/components/button/button.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { Select, TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { ImageFileField } from '#client/components/form/image-file-field.tsx';
import { useImageChoice } from '#client/components/form/use-image-choice.ts';
import { type FieldName, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { saveWithImage } from '#client/lib/request/save-with-image.ts';
import { saveUploadCall } from '#client/lib/request/upload-call.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { COUPON_SETTING_PATH } from '../coupon-paths.ts';

// One schema for the form's life: the same rules the server validates the saves with.
const fieldsSchema = serviceOfferFieldsSchema();
type CouponField = FieldName<typeof fieldsSchema>;

const IMAGE_FIELD_NAME = 'cso_image';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.md};
  justify-content: center;
  padding-top: ${({ theme }) => theme.spacing.lg};

  & > * {
    min-width: 200px;
  }
`;

const DateInput = styled(TextInput)`
  max-width: 12em;
`;

const BodyArea = styled(TextArea)`
  min-height: 14em;
`;

/**
 * An offer's fields and image (/mypage/setting/service/offer/edit/{id}): checked in the browser
 * with the contract's schema (the server's), saved through the save flow (overlay, 登録が完了しました
 * / データの登録に失敗しました), the chosen image uploaded (or the image taken away) once the fields
 * are saved, then back to the list. Every save puts the offer into the bank's review. A refusal
 * the user can act on (the company's limit) shows above the form; field errors under their fields.
 * A new offer whose fields were saved but whose image was refused stays on the page as that offer,
 * so saving again does not write a second one.
 */
export function CouponForm({ offer }: { offer?: ServiceOffer }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saveFlow = useSaveFlow();
  const categories = useMasterList('cso_categories');
  const [refusal, setRefusal] = useState<string>();
  const [savedCode, setSavedCode] = useState(offer?.cso_unique_code);
  const image = useImageChoice(offer?.cso_image ?? null, SERVICE_OFFER_IMAGE_UPLOAD, IMAGE_FIELD_NAME);
  const form = useSchemaForm(fieldsSchema, {
    defaultValues: {
      cso_title: offer?.cso_title ?? '',
      cso_body: offer?.cso_body ?? '',
      cso_category: offer?.cso_category ?? '',
      cso_benefit: offer?.cso_benefit ?? '',
      cso_target: offer?.cso_target ?? '',
      cso_publish_start: offer?.cso_publish_start ?? '',
      cso_publish_end: offer?.cso_publish_end ?? '',
    },
  });

  /** Saves the fields (creating the offer the first time), then the image: the first refusal is the outcome. */
  const send = (body: ServiceOfferFields) => {
    let code = savedCode;
    const saveFields = async () => {
      const outcome = code
        ? await saveCall(api, updateServiceOfferCall, { params: { cso_unique_code: code }, body })
        : await saveCall(api, createServiceOfferCall, { body });
      if (outcome.status === 'success' && code === undefined) {
        code = outcome.result.cso_unique_code;
        setSavedCode(code);
      }
      return outcome;
    };
    return saveWithImage(saveFields, image.choice, {
      upload: (file) =>
        saveUploadCall(api, uploadServiceOfferImageCall, { params: { cso_unique_code: code ?? '' }, file }),
      remove: () => saveCall(api, deleteServiceOfferImageCall, { params: { cso_unique_code: code ?? '' } }),
      attach: (saved, withImage) => withImage ?? { ...saved, cso_image: null },
    });
  };

  const submit = form.handleSubmit(async (body) => {
    if (!image.readyToSave()) return;
    setRefusal(undefined);
    const outcome = await saveFlow.run(() => send(body));
    // Whatever happened, the company's offers may have changed (a new one saved before its image failed).
    await queryClient.invalidateQueries({ queryKey: [createServiceOfferCall.domain] });
    if (outcome.status === 'error') {
      // The file's message goes under the image field; the others under theirs.
      const { file: _fileErrors, ...fieldErrors } = outcome.fieldErrors;
      image.showRefusal(outcome.fieldErrors);
      const unplaced = form.showServerErrors(fieldErrors);
      const placed = Object.keys(outcome.fieldErrors).length > unplaced.length;
      if (!placed && outcome.message !== DEFAULT_ERROR_MESSAGE) setRefusal(unplaced[0] ?? outcome.message);
      return;
    }
    image.saved(outcome.result.cso_image);
    await navigate(COUPON_SETTING_PATH);
  });

  const { field, control } = schemaFieldRows(form);
  const counted = (name: CouponField, maxLength: number) =>
    field(name, true, `${maxLength}文字以内（${characterCount(form.values[name])}文字入力済み）`);

  const title = counted('cso_title', SERVICE_OFFER_TITLE_MAX_LENGTH);
  const category = field('cso_category', true);
  const benefit = field(
    'cso_benefit',
    true,
    `どのような特典かを${SERVICE_OFFER_BENEFIT_MAX_LENGTH}文字以内で（例: 初回10%OFF、見積無料）。`,
  );
  const target = field(
    'cso_target',
    true,
    `利用できる方を${SERVICE_OFFER_TARGET_MAX_LENGTH}文字以内で（例: 全従業員、法人のお客さま）。`,
  );
  const body = counted('cso_body', SERVICE_OFFER_BODY_MAX_LENGTH);
  const start = field('cso_publish_start', true, '承認されると、この日から公開されます。');
  const endText = form.values.cso_publish_end;
  const end = {
    ...field('cso_publish_end', false, '空欄なら終了日を決めずに公開します。'),
    // Not an error: the offer still saves (spec section 5's 30日以内に公開が終了します).
    warning: endText ? publicationEndWarning(endText) : undefined,
  };

  return (
    <>
      {refusal && (
        <Notice role="alert">
          <p>{refusal}</p>
        </Notice>
      )}
      <form noValidate aria-label="クーポンの入力" onSubmit={(event) => void submit(event)}>
        <FieldRow label="タイトル" {...title}>
          <TextInput {...control(title)} />
        </FieldRow>
        <FieldRow label="カテゴリ" {...category}>
          <Select {...control(category)}>
            <option value="">選択してください</option>
            {categories.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </Select>
        </FieldRow>
        <FieldRow label="特典内容" {...benefit}>
          <TextInput {...control(benefit)} />
        </FieldRow>
        <FieldRow label="対象" {...target}>
          <TextInput {...control(target)} />
        </FieldRow>
        <FieldRow label="本文" {...body}>
          <BodyArea {...control(body)} />
        </FieldRow>
        <FieldRow label="公開開始日" {...start}>
          <DateInput type="date" {...control(start)} />
        </FieldRow>
        <FieldRow label="公開終了日" {...end}>
          <DateInput type="date" {...control(end)} />
        </FieldRow>
        <ImageFileField
          name={IMAGE_FIELD_NAME}
          label="画像"
          hint={`PNG・JPEG・GIF・WebPの画像（${SERVICE_OFFER_IMAGE_MAX_BYTES / 1048576}MBまで）。`}
          current={image.image}
          currentAlt="現在のクーポン画像"
          noneText="画像は登録されていません。"
          removeLabel="画像を削除する"
          contentTypes={SERVICE_OFFER_IMAGE_CONTENT_TYPES}
          shape="square"
          choice={image.choice}
          error={image.error}
          onChange={image.choose}
        />
        <Actions>
          <ButtonLink as={Link} to={COUPON_SETTING_PATH}>
            一覧に戻る
          </ButtonLink>
          <Button type="submit" $variant="main" disabled={form.isSubmitting}>
            保存して審査に出す
          </Button>
        </Actions>
      </form>
    </>
  );
}
