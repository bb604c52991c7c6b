import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { isAdmin } from '#server/contracts/account-types.ts';
import { japanDateString } from '#server/contracts/japan-day.ts';
import {
  type Campaign,
  CAMPAIGN_BODY_MAX_LENGTH,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_TITLE_MAX_LENGTH,
  type CampaignFields,
  campaignFieldsSchema,
  createCampaignCall,
  deleteCampaignCall,
  getCampaignCall,
  updateCampaignCall,
} from '#server/contracts/matching-campaigns.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { Button, ButtonLink } from '#client/components/button/button.tsx';
import { FormButtonRow } from '#client/components/form/form-actions.ts';
import { DangerButton } from '#client/components/danger-button.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import {
  ConfirmDialog,
  ConfirmQuestion,
  useConfirmedCommand,
} from '#client/components/command/confirm-dialog.tsx';
import { checkEntered, focusField, placeServerErrors } from '#client/lib/forms/entered-fields.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE, HttpError } from '#client/lib/request/http-error.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { MATCHING_CODE_PATTERN } from '../matching-paths.ts';
import { CampaignNeedPicker } from './campaign-need-picker.tsx';
import { CAMPAIGN_DESK_PATH, NEW_CAMPAIGN_ID } from './matching-desk-paths.ts';

/** The campaign as the form holds it: text as typed, the chosen needs' codes. */
interface EnteredCampaign {
  campaign_title: string;
  campaign_body: string;
  campaign_start: string;
  campaign_end: string;
  campaign_need_codes: string[];
}
type CampaignField = keyof EnteredCampaign;
type FieldMessages = Partial<Record<CampaignField, string>>;

/** The fields in the page's order: the first in error is where the sender is taken. */
const FIELDS: readonly CampaignField[] = [
  'campaign_title',
  'campaign_body',
  'campaign_start',
  'campaign_end',
  'campaign_need_codes',
];

function enteredOf(campaign: Campaign | undefined): EnteredCampaign {
  return {
    campaign_title: campaign?.campaign_title ?? '',
    campaign_body: campaign?.campaign_body ?? '',
    // A new campaign starts today: most are announced as they are written.
    campaign_start: campaign?.campaign_start ?? japanDateString(),
    campaign_end: campaign?.campaign_end ?? '',
    campaign_need_codes: [...(campaign?.campaign_need_codes ?? [])],
  };
}

/** Checks with the saves' own schema: the same messages on both edges. */
const check = (schema: ReturnType<typeof campaignFieldsSchema>, entered: EnteredCampaign) =>
  checkEntered(schema, entered, FIELDS);

const Form = styled.form`
  display: grid;
`;

const DateInput = styled(TextInput)`
  max-width: 12em;
`;

const Danger = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-items: start;
  margin-top: ${({ theme }) => theme.spacing.xl};
  padding-top: ${({ theme }) => theme.spacing.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeBase};
  }

  p {
    margin: 0;
  }
`;

/**
 * /admin/matching/campaign/edit/{id} (id: the campaign's code, or `new`): the campaign's title,
 * text, period and featured needs, checked in the browser with the contract's schema and saved
 * through the save flow, then back to the list; a saved one can be deleted. System and bank admins
 * only (anyone else: the 403 page); a campaign that is not the bank's is the 404 page.
 */
export function CampaignEditPage() {
  const user = useCurrentUser();
  const { id } = useParams();
  if (!isAdmin(user?.user_type)) throw new HttpError(403);
  if (id === NEW_CAMPAIGN_ID) return <CampaignForm key={NEW_CAMPAIGN_ID} />;
  if (id === undefined || !MATCHING_CODE_PATTERN.test(id)) throw new HttpError(404);
  return <LoadedCampaign key={id} code={id} />;
}

function LoadedCampaign({ code }: { code: string }) {
  const { data, isError } = useCallQuery(
    getCampaignCall,
    { params: { campaign_unique_code: code } },
    { onNotFound: 'error-page', throwOnError: (error) => error instanceof HttpError },
  );
  if (data === undefined) return isError ? <LoadFailedNotice /> : <LoadingNotice />;
  return (
    <>
      <CampaignForm key={data.campaign_unique_code} campaign={data} />
      <CampaignDeletion campaign={data} />
    </>
  );
}

function CampaignForm({ campaign }: { campaign?: Campaign }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saveFlow = useSaveFlow();
  const schema = useMemo(() => campaignFieldsSchema(), []);
  const [entered, setEntered] = useState(() => enteredOf(campaign));
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [refusal, setRefusal] = useState<string>();
  const errors = useMemo<FieldMessages>(
    () => ({ ...(submitted ? check(schema, entered).messages : {}), ...serverErrors }),
    [schema, entered, submitted, serverErrors],
  );

  function change<K extends CampaignField>(field: K, value: EnteredCampaign[K]) {
    setEntered((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  }

  const save = (body: CampaignFields) =>
    campaign
      ? saveCall(api, updateCampaignCall, {
          params: { campaign_unique_code: campaign.campaign_unique_code },
          body,
        })
      : saveCall(api, createCampaignCall, { body });

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
      const outcome = await saveFlow.run(() => save(result.data));
      await queryClient.invalidateQueries({ queryKey: [createCampaignCall.domain] });
      if (outcome.status === 'success') {
        await navigate(CAMPAIGN_DESK_PATH);
        return;
      }
      const { placed, unplaced } = placeServerErrors(outcome.fieldErrors, FIELDS);
      setServerErrors(placed);
      const first = FIELDS.find((field) => placed[field] !== undefined);
      if (first) focusField(form, first);
      else if (outcome.message !== DEFAULT_ERROR_MESSAGE) setRefusal(unplaced[0] ?? outcome.message);
    } finally {
      setSending(false);
    }
  }

  const row = (name: CampaignField, required: boolean, hint?: string) => ({
    name,
    required,
    hint,
    error: errors[name],
  });
  const textControl = (field: ReturnType<typeof row>) => ({
    ...describedControl(field.name, field),
    name: field.name,
    value: entered[field.name] as string,
    onChange: (event: { target: { value: string } }) => change(field.name, event.target.value),
  });
  const title = row(
    'campaign_title',
    true,
    `${CAMPAIGN_TITLE_MAX_LENGTH}文字以内（${characterCount(entered.campaign_title)}文字入力済み）`,
  );
  const body = row(
    'campaign_body',
    true,
    `${CAMPAIGN_BODY_MAX_LENGTH}文字以内（${characterCount(entered.campaign_body)}文字入力済み）`,
  );
  const start = row('campaign_start', true);
  const end = row('campaign_end', true, '企業には、開始日から終了日までのあいだ表示されます。');
  const needs = row(
    'campaign_need_codes',
    false,
    '公開中のニーズだけを掲載できます（保存のときに確かめます）。公開が終わったニーズは、企業の画面には表示されません。',
  );

  return (
    <>
      {refusal && (
        <Notice role="alert">
          <p>{refusal}</p>
        </Notice>
      )}
      <Form noValidate aria-label="キャンペーンの入力" onSubmit={(event) => void submit(event)}>
        <FieldRow label="タイトル" {...title}>
          <TextInput {...textControl(title)} />
        </FieldRow>
        <FieldRow label="本文" {...body}>
          <TextArea {...textControl(body)} />
        </FieldRow>
        <FieldRow label="開始日" {...start}>
          <DateInput type="date" {...textControl(start)} />
        </FieldRow>
        <FieldRow label="終了日" {...end}>
          <DateInput type="date" {...textControl(end)} />
        </FieldRow>
        <FieldRow label="掲載するニーズ" naming="labelledby" {...needs}>
          <CampaignNeedPicker
            labelledBy={`${needs.name}-label`}
            describedBy={describedControl(needs.name, needs)['aria-describedby']}
            codes={entered.campaign_need_codes}
            onChange={(codes) => change('campaign_need_codes', codes)}
          />
        </FieldRow>
        <FormButtonRow>
          <ButtonLink as={Link} to={CAMPAIGN_DESK_PATH}>
            一覧に戻る
          </ButtonLink>
          <Button type="submit" $variant="main" disabled={sending}>
            保存する
          </Button>
        </FormButtonRow>
      </Form>
    </>
  );
}

/** キャンペーンを削除: asked again, then back to the list. */
function CampaignDeletion({ campaign }: { campaign: Campaign }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const deletion = useConfirmedCommand();
  const remove = () =>
    deletion.confirm(
      () =>
        saveCall(api, deleteCampaignCall, {
          params: { campaign_unique_code: campaign.campaign_unique_code },
        }),
      {
        closes: 'on-success',
        done: CAMPAIGN_MESSAGES.deleted,
        after: async (outcome) => {
          if (outcome.status === 'success') {
            await queryClient.invalidateQueries({ queryKey: [deleteCampaignCall.domain] });
            await navigate(CAMPAIGN_DESK_PATH);
          } else deletion.close();
        },
      },
    );
  return (
    <Danger aria-labelledby="campaign-delete-heading">
      <h2 id="campaign-delete-heading">キャンペーンの削除</h2>
      <p>削除したキャンペーンは、企業の画面からも消えます。元に戻せません。</p>
      <DangerButton type="button" $variant="main" onClick={deletion.ask}>
        キャンペーンを削除
      </DangerButton>
      <ConfirmDialog
        {...deletion.dialog}
        title="キャンペーンの削除"
        confirmLabel="削除する"
        tone="danger"
        onConfirm={() => void remove()}
      >
        <ConfirmQuestion>「{campaign.campaign_title}」を削除します。よろしいですか？</ConfirmQuestion>
      </ConfirmDialog>
    </Danger>
  );
}
