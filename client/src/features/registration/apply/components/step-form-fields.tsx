import styled from 'styled-components';
import {
  BANK_ACCOUNT_TYPES,
  BUNDLE_PAYMENT_PLANS,
  MAX_BRANCH_ADDRESSES,
} from '#server/contracts/registration-form.ts';
import type { RegistrationStepKey } from '#server/contracts/registration-variants.ts';
import { Button } from '#client/components/button/button.tsx';
import { FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel } from '#client/components/form/form-controls.ts';
import { useMasterList } from '#client/lib/master-data.ts';
import type { BranchAddress } from '../application-values.ts';
import { AddressBlock, newBranch } from './address-fields.tsx';
import { IdentificationFileField } from './identification-file-field.tsx';
import { SimpleField } from './simple-field.tsx';
import { type StepFieldsProps, textOf } from './step-fields-context.ts';

const KANA_HINT = '全角カタカナで入力してください。';
const TEL_HINT = '半角数字とハイフンで入力してください。例: 03-1234-5678';
const MONTHS = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1),
  label: `${index + 1}月`,
}));
const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

const Group = styled.section`
  margin-top: ${({ theme }) => theme.spacing.lg};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeLarge};
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.spacing.lg};
`;

function ApplicantFields(props: StepFieldsProps) {
  return (
    <>
      <SimpleField {...props} name="user_last_name" spec={{ kind: 'text', autoComplete: 'family-name' }} />
      <SimpleField {...props} name="user_first_name" spec={{ kind: 'text', autoComplete: 'given-name' }} />
      <SimpleField {...props} name="user_last_name_kana" spec={{ kind: 'text', hint: KANA_HINT }} />
      <SimpleField {...props} name="user_first_name_kana" spec={{ kind: 'text', hint: KANA_HINT }} />
      <SimpleField
        {...props}
        name="user_email"
        spec={{
          kind: 'text',
          inputMode: 'email',
          autoComplete: 'email',
          hint: 'ログイン方法やお申し込みの結果をお送りします。',
        }}
      />
      <SimpleField
        {...props}
        name="user_email_confirmation"
        spec={{ kind: 'text', inputMode: 'email', hint: '確認のため、もう一度入力してください。' }}
      />
      <SimpleField {...props} name="user_tel" spec={{ kind: 'text', inputMode: 'tel', hint: TEL_HINT }} />
    </>
  );
}

/** The branches (支店・営業所): none to ten addresses, each added and removed here. */
function BranchFields({ values, errors, asked, onChange }: StepFieldsProps) {
  if (!asked.has('company_branches')) return null;
  const branches = (Array.isArray(values.company_branches) ? values.company_branches : []) as BranchAddress[];
  const set = (next: BranchAddress[]) => onChange('company_branches', next);
  return (
    <Group aria-labelledby="company_branches-heading">
      <h3 id="company_branches-heading">支店・営業所（任意）</h3>
      {errors.company_branches && <p role="alert">{errors.company_branches}</p>}
      {branches.map((branch, index) => {
        const prefix = `company_branches.${index}.`;
        const branchErrors = Object.fromEntries(
          Object.entries(errors)
            .filter(([path]) => path.startsWith(prefix))
            .map(([path, message]) => [path.slice(prefix.length), message]),
        );
        return (
          // Branches have no id of their own; their place in the list is what names them.
          <div key={index}>
            <AddressBlock
              idPrefix={`company_branches_${index}`}
              caption={`支店・営業所${index + 1}`}
              address={branch}
              errors={branchErrors}
              required
              onChange={(address) => set(branches.map((item, at) => (at === index ? address : item)))}
            />
            <Button type="button" onClick={() => set(branches.filter((_, at) => at !== index))}>
              {`支店・営業所${index + 1}を削除`}
            </Button>
          </div>
        );
      })}
      {branches.length < MAX_BRANCH_ADDRESSES && (
        <p>
          <Button type="button" onClick={() => set([...branches, newBranch()])}>
            支店・営業所を追加
          </Button>
        </p>
      )}
    </Group>
  );
}

function CompanyFields(props: StepFieldsProps) {
  const { values, errors, asked, onChange } = props;
  const categories = useMasterList('ba_ca_types');
  const major = categories.find(
    (category) => category.code === textOf(values, 'company_industry_major_code'),
  );
  const address = {
    post_code: textOf(values, 'company_post_code'),
    prefecture_code: textOf(values, 'company_prefecture_code'),
    address1: textOf(values, 'company_address1'),
    address2: textOf(values, 'company_address2'),
    address3: textOf(values, 'company_address3'),
  };
  return (
    <>
      <SimpleField
        {...props}
        name="company_corporate_number"
        spec={{ kind: 'text', inputMode: 'numeric', hint: '13桁の半角数字で入力してください。' }}
      />
      <SimpleField {...props} name="company_name" spec={{ kind: 'text', autoComplete: 'organization' }} />
      <SimpleField {...props} name="company_name_kana" spec={{ kind: 'text', hint: KANA_HINT }} />
      <SimpleField {...props} name="company_tel" spec={{ kind: 'text', inputMode: 'tel', hint: TEL_HINT }} />
      <SimpleField {...props} name="company_representative_name" spec={{ kind: 'text' }} />
      <SimpleField {...props} name="company_representative_birthday" spec={{ kind: 'date' }} />
      <SimpleField {...props} name="company_establish_date" spec={{ kind: 'date' }} />
      <SimpleField
        {...props}
        name="company_account_closing_month"
        spec={{ kind: 'select', options: MONTHS }}
      />
      <SimpleField
        {...props}
        name="company_employee_count"
        spec={{ kind: 'text', inputMode: 'numeric', hint: '役員を含む人数を半角数字で入力してください。' }}
      />
      <SimpleField
        {...props}
        name="company_website"
        spec={{ kind: 'text', inputMode: 'url', hint: '例: https://www.example.co.jp' }}
      />
      <AddressBlock
        idPrefix="company"
        caption="本社"
        address={address}
        required={asked.get('company_post_code') === true}
        errors={{
          post_code: errors.company_post_code,
          prefecture_code: errors.company_prefecture_code,
          address1: errors.company_address1,
          address2: errors.company_address2,
          address3: errors.company_address3,
        }}
        onChange={(next) => {
          for (const [part, value] of Object.entries(next)) onChange(`company_${part}`, value);
        }}
      />
      <BranchFields {...props} />
      <SimpleField
        {...props}
        name="company_industry_major_code"
        spec={{
          kind: 'select',
          options: categories.map((category) => ({ value: category.code, label: category.name })),
        }}
      />
      <SimpleField
        {...props}
        name="company_industry_middle_code"
        spec={{
          kind: 'select',
          options: (major?.children ?? []).map((child) => ({ value: child.code, label: child.name })),
          hint: major ? undefined : '先に業種（大分類）を選んでください。',
        }}
      />
    </>
  );
}

function BankFields(props: StepFieldsProps) {
  const branches = useMasterList('bank_branches');
  const noBranch = props.values.has_no_bank_branch === true;
  return (
    <>
      <SimpleField
        {...props}
        name="has_no_bank_branch"
        spec={{ kind: 'checkbox', text: '当行とのお取引はない（お取引店なし）' }}
      />
      {!noBranch && (
        <SimpleField
          {...props}
          asked={new Map([...props.asked, ['bb_id', true]])}
          name="bb_id"
          spec={{
            kind: 'select',
            options: branches.map((branch) => ({
              value: String(branch.bb_id),
              label: `${branch.bb_name}（${branch.bb_code}）`,
            })),
          }}
        />
      )}
      <SimpleField
        {...props}
        name="bank_account_type"
        spec={{ kind: 'radio', options: optionsOf(BANK_ACCOUNT_TYPES) }}
      />
      <SimpleField
        {...props}
        name="bank_account_number"
        spec={{ kind: 'text', inputMode: 'numeric', hint: '7桁の半角数字で入力してください。' }}
      />
    </>
  );
}

function DocumentFields(props: StepFieldsProps) {
  return (
    <>
      <IdentificationFileField {...props} />
      <SimpleField
        {...props}
        name="has_other_manager"
        spec={{ kind: 'checkbox', text: 'お申込者のほかに、ポータルを管理する担当者がいる' }}
      />
      {props.values.has_other_manager === true && (
        <SimpleField
          {...props}
          asked={new Map([...props.asked, ['other_manager_text', true]])}
          name="other_manager_text"
          spec={{ kind: 'textarea', hint: '担当者のお名前、部署、連絡先を入力してください。' }}
        />
      )}
    </>
  );
}

function ServiceFields(props: StepFieldsProps) {
  const { values, errors, asked, onChange } = props;
  const features = useMasterList('interesting_features');
  const chosen = (Array.isArray(values.interesting_features) ? values.interesting_features : []) as string[];
  const plan = textOf(values, 'bundle_payment_plan_id');
  return (
    <>
      {asked.has('interesting_features') && (
        <FieldRow
          optionalTag
          naming="group"
          name="interesting_features"
          label="興味のある機能"
          error={errors.interesting_features}
        >
          <Choices>
            {features.map((feature) => (
              <ChoiceLabel key={feature.code}>
                <input
                  type="checkbox"
                  name="interesting_features"
                  value={feature.code}
                  checked={chosen.includes(feature.code)}
                  onChange={(event) =>
                    onChange(
                      'interesting_features',
                      event.target.checked
                        ? [...chosen, feature.code]
                        : chosen.filter((code) => code !== feature.code),
                    )
                  }
                />
                {feature.name}
              </ChoiceLabel>
            ))}
          </Choices>
        </FieldRow>
      )}
      <SimpleField
        {...props}
        name="bundle_payment_plan_id"
        spec={{ kind: 'radio', options: optionsOf(BUNDLE_PAYMENT_PLANS) }}
      />
      {plan !== '' && plan !== '0' && (
        <SimpleField
          {...props}
          asked={new Map([...asked, ['agree_bundle_payment', true]])}
          name="agree_bundle_payment"
          spec={{ kind: 'checkbox', text: '請求書発行・決済サービスの利用規約に同意する' }}
        />
      )}
    </>
  );
}

/** The controls of one step of the form. */
export function StepFormFields({ step, ...props }: StepFieldsProps & { step: RegistrationStepKey }) {
  switch (step) {
    case 'applicant':
      return <ApplicantFields {...props} />;
    case 'company':
      return <CompanyFields {...props} />;
    case 'bank':
      return <BankFields {...props} />;
    case 'documents':
      return <DocumentFields {...props} />;
    case 'services':
      return <ServiceFields {...props} />;
  }
}
