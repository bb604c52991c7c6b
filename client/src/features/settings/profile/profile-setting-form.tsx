import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { callKeyPrefix } from '#server/contracts/call.ts';
import { EMAIL_CHANGE_MESSAGES } from '#server/contracts/email-change.ts';
import {
  deleteUserProfilePictureCall,
  getUserProfileCall,
  saveUserProfileCall,
  USER_NAME_KANA_MAX_LENGTH,
  USER_NAME_MAX_LENGTH,
  type UserProfile,
  type UserProfileFields,
  USER_PROFILE_PICTURE_UPLOAD,
  uploadUserProfilePictureCall,
  userProfileFieldsSchema,
} from '#server/contracts/user-profile.ts';
import { Notice } from '#client/components/feedback/notice.ts';
import { schemaFieldRows } from '#client/components/form/schema-field-rows.ts';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { TextInput } from '#client/components/form/form-controls.ts';
import { FormSubmitRow } from '#client/components/form/form-submit-row.tsx';
import { PersonNameRows } from '#client/components/form/person-name-rows.tsx';
import { useImageChoice } from '#client/components/form/use-image-choice.ts';
import { useRefreshCurrentUser } from '#client/lib/current-user.ts';
import { type EnteredValues, useSchemaForm } from '#client/lib/forms/use-schema-form.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { saveWithImage } from '#client/lib/request/save-with-image.ts';
import { saveUploadCall } from '#client/lib/request/upload-call.ts';
import { useSaveFlow } from '#client/lib/save-flow.ts';
import { PICTURE_FIELD_NAME, ProfilePictureField } from './profile-picture-field.tsx';

// One schema for the form's life: the same rules the server validates the save with.
const fieldsSchema = userProfileFieldsSchema();
type FieldsSchema = typeof fieldsSchema;

const ShortInput = styled(TextInput)`
  max-width: 16em;
`;

const ReadOnly = styled.p`
  margin: 0;
  padding-top: ${({ theme }) => theme.spacing.sm};
`;

const KANA_HINT = '全角カタカナで入力してください。';
const TEL_HINT = '半角数字とハイフンで入力してください。例: 090-1234-5678';

/** The controls' starting values: what the user has. */
function defaultsOf(profile: UserProfile): EnteredValues<FieldsSchema> {
  return {
    user_last_name: profile.user_last_name,
    user_first_name: profile.user_first_name,
    user_last_name_kana: profile.user_last_name_kana,
    user_first_name_kana: profile.user_first_name_kana,
    user_email: profile.user_email,
    user_alternate_email: profile.user_alternate_email ?? '',
    user_tel: profile.user_tel ?? '',
  };
}

/** The name as the app bar shows it: a change of it has the shell load the user again. */
const nameOf = (profile: Pick<UserProfile, 'user_last_name' | 'user_first_name'>) =>
  `${profile.user_last_name}\u0000${profile.user_first_name}`;

/**
 * The user's own profile (/mypage/setting/profile): checked in the browser with the contract's
 * schema (the server's), saved through the save flow (overlay, 登録が完了しました / データの登録に失敗しました)
 * with the server's field errors under their fields. A new e-mail address is not saved as such: the
 * server mails a link to it, and the form says so and shows the address waiting for its link. A chosen picture is uploaded, or the picture
 * taken away, once the fields are saved. When the name or the picture changed, the app bar shows the
 * new ones at once (useRefreshCurrentUser: the shell loads the user again).
 */
export function ProfileSettingForm({ profile }: { profile: UserProfile }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const refreshCurrentUser = useRefreshCurrentUser();
  const form = useSchemaForm(fieldsSchema, { defaultValues: defaultsOf(profile) });
  const [savedName, setSavedName] = useState(() => nameOf(profile));
  const picture = useImageChoice(
    profile.user_profile_picture,
    USER_PROFILE_PICTURE_UPLOAD,
    PICTURE_FIELD_NAME,
  );
  // A new address waits for the link mailed to it; the form keeps showing the address in effect.
  const [pendingEmail, setPendingEmail] = useState(profile.user_pending_email);
  const [confirmationSent, setConfirmationSent] = useState(false);

  /** Saves the fields, then the picture: the first refusal is the outcome. */
  const send = (body: UserProfileFields) =>
    saveWithImage(() => saveCall(api, saveUserProfileCall, { body }), picture.choice, {
      upload: (file) => saveUploadCall(api, uploadUserProfilePictureCall, { file }),
      remove: () => saveCall(api, deleteUserProfilePictureCall, {}),
      attach: (profile, picture) => ({ ...profile, user_profile_picture: picture }),
    });

  const submit = form.handleSubmit(async (body) => {
    if (!picture.readyToSave()) return;
    const outcome = await saveFlow.run(() => send(body));
    if (outcome.status === 'error') {
      form.showServerErrors(outcome.fieldErrors);
      picture.showRefusal(outcome.fieldErrors);
      return;
    }
    const nameChanged = nameOf(outcome.result) !== savedName;
    setPendingEmail(outcome.result.user_pending_email);
    setConfirmationSent(outcome.result.email_confirmation_sent);
    if (outcome.result.email_confirmation_sent) form.setValue('user_email', outcome.result.user_email);
    const pictureChanged = picture.saved(outcome.result.user_profile_picture);
    setSavedName(nameOf(outcome.result));
    await queryClient.invalidateQueries({ queryKey: callKeyPrefix(getUserProfileCall) });
    if (pictureChanged || nameChanged) await refreshCurrentUser();
  });

  const { field, control } = schemaFieldRows(form);

  const lastName = field('user_last_name', true, `${USER_NAME_MAX_LENGTH}文字以内`);
  const firstName = field('user_first_name', true, `${USER_NAME_MAX_LENGTH}文字以内`);
  const lastKana = field('user_last_name_kana', true, KANA_HINT);
  const firstKana = field('user_first_name_kana', true, KANA_HINT);
  const email = field(
    'user_email',
    true,
    '例: taro@example.co.jp（変更すると、新しいアドレスに確認のメールをお送りします）',
  );
  const alternateEmail = field(
    'user_alternate_email',
    false,
    'メールアドレスとは別の連絡先があれば入力してください。',
  );
  const tel = field('user_tel', false, TEL_HINT);

  return (
    <form noValidate aria-label="プロフィールの入力" onSubmit={(event) => void submit(event)}>
      <FieldRow name="user_login_id" label="ログインID" naming="labelledby">
        <ReadOnly aria-labelledby="user_login_id-label">{profile.user_login_id}</ReadOnly>
      </FieldRow>
      <PersonNameRows
        rows={{ lastName, firstName, lastKana, firstKana }}
        control={control}
        autoComplete="own"
        kanaMaxLength={USER_NAME_KANA_MAX_LENGTH}
      />
      <FieldRow label="メールアドレス" {...email}>
        <TextInput type="email" inputMode="email" autoComplete="email" {...control(email)} />
      </FieldRow>
      {pendingEmail !== null && (
        <Notice role="status" $tone="info">
          {confirmationSent && <p>{EMAIL_CHANGE_MESSAGES.confirmationSent}</p>}
          <p>
            {EMAIL_CHANGE_MESSAGES.pendingLabel}：{pendingEmail}
          </p>
          <p>{EMAIL_CHANGE_MESSAGES.pendingNote}</p>
        </Notice>
      )}
      <FieldRow label="予備のメールアドレス" {...alternateEmail}>
        <TextInput type="email" inputMode="email" {...control(alternateEmail)} />
      </FieldRow>
      <FieldRow label="電話番号" {...tel}>
        <ShortInput inputMode="tel" autoComplete="tel" {...control(tel)} />
      </FieldRow>
      <ProfilePictureField
        key={picture.inputKey}
        current={picture.image}
        choice={picture.choice}
        error={picture.error}
        onChange={picture.choose}
      />
      <FormSubmitRow disabled={form.isSubmitting}>保存する</FormSubmitRow>
    </form>
  );
}
