import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { acceptNeedOfferCall, AICHAT_MESSAGES, type NeedOffer } from '#server/contracts/aichat.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  createNeedCall,
  MATCHING_MESSAGES,
  NEED_BODY_MAX_LENGTH,
  NEED_IMAGE_UPLOAD,
  NEED_IMAGES_MAX,
  NEED_INDUSTRY_CODES_MAX,
  NEED_REACH_LABELS,
  NEED_REACHES,
  NEED_TITLE_MAX_LENGTH,
  NEED_VISIBILITIES,
  NEED_VISIBILITY_LABELS,
  type NeedFields,
  needFieldsSchema,
  type OwnNeed,
  updateNeedCall,
  uploadNeedImageCall,
} from '#server/contracts/matching.ts';
import { NEED_CATEGORIES } from '#server/contracts/need-categories.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { publicationEndWarning } from '#server/contracts/validation.ts';
import { Button, ButtonLink } from '#client/components/button/button.tsx';
import { FormButtonRow } from '#client/components/form/form-actions.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { useToast } from '#client/components/feedback/toast.tsx';
import { Choices } from '#client/components/form/code-choices.tsx';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel, TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { IndustryCodesField } from '#client/components/form/industry-codes-field.tsx';
import { PrefectureCodesField } from '#client/components/form/prefecture-codes-field.tsx';
import { useAppConfig } from '#client/lib/app-config-context.tsx';
import { checkEntered, focusField, placeServerErrors } from '#client/lib/forms/entered-fields.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import type { SaveOutcome } from '#client/lib/request/save-request.ts';
import { saveUploadCall, uploadRefusal } from '#client/lib/request/upload-call.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { OWN_NEEDS_PATH } from '../matching-paths.ts';
import { IMAGES_FIELD_NAME, NeedImagesField } from './need-images-field.tsx';

/** The need as the form holds it: text as typed, the ticked codes, the radios' values. */
interface EnteredNeed {
  need_title: string;
  need_category: string;
  need_industry_codes: string[];
  need_area_codes: string[];
  need_body: string;
  need_period_start: string;
  need_period_end: string;
  need_visibility: string;
  need_reach: string;
}
type NeedField = keyof EnteredNeed;
type FieldMessages = Partial<Record<NeedField, string>>;

/** The fields in the page's order: the first in error is where the sender is taken. */
const FIELDS: readonly NeedField[] = [
  'need_title',
  'need_category',
  'need_industry_codes',
  'need_area_codes',
  'need_body',
  'need_period_start',
  'need_period_end',
  'need_visibility',
  'need_reach',
];

/** What a form starts from: a need of the company's, or one the bank offered it. */
type NeedSource = Pick<
  OwnNeed,
  | 'need_title'
  | 'need_category'
  | 'need_industry_codes'
  | 'need_area_codes'
  | 'need_body'
  | 'need_period_start'
  | 'need_period_end'
  | 'need_visibility'
  | 'need_reach'
>;

function enteredOf(need: NeedSource | undefined): EnteredNeed {
  return {
    need_title: need?.need_title ?? '',
    need_category: need?.need_category ?? '',
    need_industry_codes: [...(need?.need_industry_codes ?? [])],
    need_area_codes: [...(need?.need_area_codes ?? [])],
    need_body: need?.need_body ?? '',
    // A new need starts today: most are published as soon as they are written.
    need_period_start: need?.need_period_start ?? japanDateString(),
    need_period_end: need?.need_period_end ?? '',
    need_visibility: String(need?.need_visibility ?? 1),
    need_reach: need?.need_reach ?? 'bank',
  };
}

/**
 * Checks with the saves' own schema and the server's error map: the same messages on both edges.
 * The visibility radio holds text; the schema takes the number.
 */
function check(schema: ReturnType<typeof needFieldsSchema>, entered: EnteredNeed) {
  const visibility = NEED_VISIBILITIES.find((value) => String(value) === entered.need_visibility);
  return checkEntered(schema, { ...entered, need_visibility: visibility }, FIELDS);
}

const DateInput = styled(TextInput)`
  max-width: 12em;
`;

const BodyArea = styled(TextArea)`
  min-height: 14em;
`;

const Fixed = styled.p`
  margin: 0;
  padding-top: ${({ theme }) => theme.spacing.sm};
`;

/**
 * A need's fields and images (/mypage/mybusiness/needs/create and /{id}): checked in the browser
 * with the contract's schema (the server's), saved through the save flow (overlay, 登録が完了しました
 * / データの登録に失敗しました), then the chosen images uploaded one by one, then back to the list. A
 * refusal the user can act on (the company's limit) shows above the form; field errors under their
 * fields, an image's under 画像. A new need whose fields were saved but whose image was refused stays
 * on the page as that need, so saving again does not write a second one. The nationwide reach is
 * offered only where the bank takes part in the matching network.
 *
 * With `offer` (a need the bank wrote for the company, /mypage/mybusiness/needs/offer/{id}) the form
 * starts from the offer and its first save accepts it with the fields as they stand (edited or not).
 */
export function NeedForm({ need, offer }: { need?: OwnNeed; offer?: NeedOffer }) {
  const api = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saveFlow = useSaveFlow();
  const inNetwork = useAppConfig().nationwide_matching;
  // One schema for the form's life: "today" for the last day's check is when the form opened.
  const schema = useMemo(() => needFieldsSchema(), []);
  const [entered, setEntered] = useState(() => enteredOf(need ?? offer));
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [refusal, setRefusal] = useState<string>();
  const [savedCode, setSavedCode] = useState(need?.ca_unique_code);
  const [images, setImages] = useState(need?.need_images ?? []);
  const [queued, setQueued] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string>();
  const errors = useMemo<FieldMessages>(
    () => ({ ...(submitted ? check(schema, entered).messages : {}), ...serverErrors }),
    [schema, entered, submitted, serverErrors],
  );
  // A bank that left the network still shows a nationwide need's reach, so it can be taken back.
  const offersNationwide = inNetwork || need?.need_reach === 'nationwide';

  function change<K extends NeedField>(field: K, value: EnteredNeed[K]) {
    setEntered((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  }

  function choose(files: File[]) {
    const room = NEED_IMAGES_MAX - images.length - queued.length;
    const refusalOf = (file: File) => uploadRefusal(NEED_IMAGE_UPLOAD, file);
    const refused = files.map(refusalOf).find((message) => message !== undefined);
    const fitting = files.filter((file) => refusalOf(file) === undefined);
    setQueued([...queued, ...fitting.slice(0, Math.max(room, 0))]);
    setImageError(refused ?? (fitting.length > room ? MATCHING_MESSAGES.imagesFull : undefined));
  }

  /** Saves the fields (creating the need the first time), then each chosen image: the first refusal is the outcome. */
  async function send(body: NeedFields): Promise<SaveOutcome<OwnNeed>> {
    let code = savedCode;
    const saved = code
      ? await saveCall(api, updateNeedCall, { params: { ca_unique_code: code }, body })
      : offer
        ? await saveCall(api, acceptNeedOfferCall, { params: { ca_unique_code: offer.ca_unique_code }, body })
        : await saveCall(api, createNeedCall, { body });
    if (saved.status === 'error') return saved;
    code = saved.result.ca_unique_code;
    setSavedCode(code);
    setImages(saved.result.need_images);
    const waiting = [...queued];
    try {
      let latest: SaveOutcome<OwnNeed> = saved;
      for (const file of queued) {
        const uploaded = await saveUploadCall(api, uploadNeedImageCall, {
          params: { ca_unique_code: code },
          file,
        });
        if (uploaded.status === 'error') return uploaded;
        waiting.shift();
        setImages(uploaded.result.need_images);
        latest = { ...uploaded, message: saved.message };
      }
      return latest;
    } finally {
      setQueued(waiting);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    setServerErrors({});
    setRefusal(undefined);
    const { result, messages } = check(schema, entered);
    if (!result.success) {
      const first = FIELDS.find((field) => messages[field] !== undefined);
      if (first) focusField(form, first);
      return;
    }
    setSending(true);
    try {
      // An accepted offer says so in its own words (ご提案のニーズを登録しました).
      const outcome = await saveFlow.run(() => send(result.data), { successToast: offer === undefined });
      // Whatever happened, the company's needs may have changed (a new one saved before its image failed).
      await queryClient.invalidateQueries({ queryKey: [createNeedCall.domain] });
      if (outcome.status === 'success') {
        if (offer) toast.success(AICHAT_MESSAGES.accepted);
        await navigate(OWN_NEEDS_PATH);
        return;
      }
      const { file: fileErrors, ...fieldErrors } = outcome.fieldErrors;
      const { placed, unplaced } = placeServerErrors(fieldErrors, FIELDS);
      setServerErrors(placed);
      const [imageMessage] = fileErrors ?? [];
      if (imageMessage) setImageError(imageMessage);
      const first = FIELDS.find((field) => placed[field] !== undefined);
      if (first) focusField(form, first);
      else if (imageMessage) focusField(form, IMAGES_FIELD_NAME);
      else if (outcome.message !== DEFAULT_ERROR_MESSAGE) setRefusal(unplaced[0] ?? outcome.message);
    } finally {
      setSending(false);
    }
  }

  const textRow = (name: NeedField, required: boolean, hint?: string, warning?: string) => ({
    name,
    required,
    hint,
    warning,
    error: errors[name],
  });
  const counted = (name: 'need_title' | 'need_body', maxLength: number) =>
    textRow(name, true, `${maxLength}文字以内（${characterCount(entered[name])}文字入力済み）`);
  const textControl = (row: ReturnType<typeof textRow>) => ({
    ...describedControl(row.name, row),
    name: row.name,
    value: entered[row.name] as string,
    onChange: (event: { target: { value: string } }) => change(row.name, event.target.value),
  });
  const radioRow = (name: NeedField, hint?: string) => ({ name, required: true, hint, error: errors[name] });
  const radios = (
    name: 'need_category' | 'need_visibility' | 'need_reach',
    choices: { value: string; label: string }[],
  ) => (
    <Choices>
      {choices.map((choice) => (
        <ChoiceLabel key={choice.value}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={entered[name] === choice.value}
            aria-invalid={errors[name] !== undefined}
            onChange={() => change(name, choice.value)}
          />
          {choice.label}
        </ChoiceLabel>
      ))}
    </Choices>
  );

  const title = counted('need_title', NEED_TITLE_MAX_LENGTH);
  const body = counted('need_body', NEED_BODY_MAX_LENGTH);
  const start = textRow('need_period_start', true, '公開にすると、この日から掲載されます。');
  const end = textRow(
    'need_period_end',
    false,
    '空欄なら終了日を決めずに掲載します。',
    // Not an error: the need still saves (spec section 5's 30日以内に公開が終了します).
    entered.need_period_end ? publicationEndWarning(entered.need_period_end) : undefined,
  );

  return (
    <>
      {refusal && (
        <Notice role="alert">
          <p>{refusal}</p>
        </Notice>
      )}
      <form noValidate aria-label="ニーズの入力" onSubmit={(event) => void submit(event)}>
        <FieldRow label="タイトル" {...title}>
          <TextInput {...textControl(title)} />
        </FieldRow>
        <FieldRow label="カテゴリ" naming="group" {...radioRow('need_category')}>
          {radios(
            'need_category',
            NEED_CATEGORIES.map((category) => ({ value: category.code, label: category.name })),
          )}
        </FieldRow>
        <IndustryCodesField
          name="need_industry_codes"
          label="業種"
          hint={`ニーズに関わる業種を${NEED_INDUSTRY_CODES_MAX}つまで選べます。選ばなければ業種を問わないニーズになります。大分類の名前を押すと中分類を選べます。`}
          selectAll={false}
          value={entered.need_industry_codes}
          error={errors.need_industry_codes}
          onChange={(codes) => change('need_industry_codes', codes)}
        />
        <PrefectureCodesField
          name="need_area_codes"
          label="エリア"
          hint="ニーズの対象となる都道府県です。選ばなければ、地域を問わない（全国どこでも）ニーズになります。"
          value={entered.need_area_codes}
          error={errors.need_area_codes}
          onChange={(codes) => change('need_area_codes', codes)}
        />
        <FieldRow label="本文" {...body}>
          <BodyArea {...textControl(body)} />
        </FieldRow>
        <FieldRow label="掲載開始日" {...start}>
          <DateInput type="date" {...textControl(start)} />
        </FieldRow>
        <FieldRow label="掲載終了日" {...end}>
          <DateInput type="date" {...textControl(end)} />
        </FieldRow>
        <FieldRow
          label="公開設定"
          naming="group"
          {...radioRow('need_visibility', '非公開にしたニーズは、ほかの企業に表示されません。')}
        >
          {radios(
            'need_visibility',
            NEED_VISIBILITIES.map((value) => ({
              value: String(value),
              label: NEED_VISIBILITY_LABELS[value],
            })),
          )}
        </FieldRow>
        {offersNationwide ? (
          <FieldRow
            label="公開範囲"
            naming="group"
            {...radioRow('need_reach', 'ニーズを表示する企業の範囲です。')}
          >
            {radios(
              'need_reach',
              NEED_REACHES.map((reach) => ({ value: reach, label: NEED_REACH_LABELS[reach] })),
            )}
          </FieldRow>
        ) : (
          <FieldRow label="公開範囲" naming="group" name="need_reach" error={errors.need_reach}>
            <Fixed>{NEED_REACH_LABELS.bank}</Fixed>
          </FieldRow>
        )}
        <NeedImagesField
          needCode={savedCode}
          images={images}
          queued={queued}
          error={imageError}
          onChoose={choose}
          onUnqueue={(index) => {
            setQueued(queued.filter((_, at) => at !== index));
            setImageError(undefined);
          }}
          onDeleted={(saved) => {
            setImages(saved.need_images);
            setImageError(undefined);
            void queryClient.invalidateQueries({ queryKey: [createNeedCall.domain] });
          }}
        />
        <FormButtonRow>
          <ButtonLink as={Link} to={OWN_NEEDS_PATH}>
            一覧に戻る
          </ButtonLink>
          <Button type="submit" $variant="main" disabled={sending}>
            {offer && savedCode === undefined ? '承諾して登録する' : '保存する'}
          </Button>
        </FormButtonRow>
      </form>
    </>
  );
}
