import { type FormEvent, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  AICHAT_MESSAGES,
  listNeedWritingStylesCall,
  type NeedDraftAnswer,
  NEED_HINT_MAX_LENGTH,
  needWritingRequestSchema,
  offerNeedCall,
  writeNeedCall,
} from '#server/contracts/aichat.ts';
import {
  COMPANY_KEYWORD_MAX_LENGTH,
  type CompanyListItem,
  searchCompaniesCall,
} from '#server/contracts/companies.ts';
import { NEED_CATEGORIES } from '#server/contracts/need-categories.ts';
import { characterCount } from '#server/contracts/text-length.ts';
import { VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { Button } from '#client/components/button/button.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { Choices } from '#client/components/form/code-choices.tsx';
import { FormActions } from '#client/components/form/form-actions.ts';
import { describedControl, FieldRow } from '#client/components/form/field-row.tsx';
import { ChoiceLabel, TextArea, TextInput } from '#client/components/form/form-controls.ts';
import { PageStack } from '#client/components/page/page-text.ts';
import { checkEntered, focusField, placeServerErrors } from '#client/lib/forms/entered-fields.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { LOAD_FAILED_MESSAGE } from '#client/lib/save-flow.ts';
import { useCommand } from '#client/components/command/use-command.ts';
import { SearchInputRow, useInFormSearch } from './in-form-search.ts';
import { MatchingCard } from '../components/matching-card.ts';

/** How many companies one search offers to choose from. */
const FOUND_COMPANIES = 10;

type RequestField = 'company_unique_code' | 'writing_style' | 'need_category' | 'hint';
type FieldMessages = Partial<Record<RequestField, string>>;
const FIELDS: readonly RequestField[] = ['company_unique_code', 'writing_style', 'need_category', 'hint'];

const Lead = styled.p`
  margin: 0;
`;

const CompanyFinder = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;

  p {
    margin: 0;
  }
`;

const Chosen = styled.p`
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A choice with a line under its name that says what it is. */
const StyleChoice = styled(ChoiceLabel)`
  align-items: flex-start;
  padding-block: ${({ theme }) => theme.spacing.xs};

  input {
    margin-top: 2px;
  }

  span {
    display: grid;
  }

  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Stacked = styled.div`
  display: grid;
`;

const DraftBody = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const HintArea = styled(TextArea)`
  min-height: 6em;
`;

/**
 * /admin/company/needs/ai (AIでニーズを作成): staff choose one of the bank's companies (found by
 * name with the company list's search), a writing style and a category, and may add a hint; 作成
 * has the need's title and body written from the company's profile and keeps it as a private
 * draft; 企業に提案する offers the draft to the company, whose owners are mailed and who accept
 * (edited or not) or decline it on their needs page. A draft that could not be written says
 * エラーが発生しました, and nothing is kept.
 */
export function AiNeedWritingPage() {
  const api = useApiClient();
  const { run, sending } = useCommand();
  const styles = useCallQuery(listNeedWritingStylesCall, {});
  const [company, setCompany] = useState<CompanyListItem>();
  const [style, setStyle] = useState('');
  const [category, setCategory] = useState('');
  const [hint, setHint] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [refusal, setRefusal] = useState<string>();
  const [draft, setDraft] = useState<{ answer: NeedDraftAnswer; company: CompanyListItem }>();

  const write = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    const { result: checked, messages } = checkEntered(
      needWritingRequestSchema,
      {
        company_unique_code: company?.company_unique_code ?? '',
        writing_style: style,
        need_category: category,
        hint,
      },
      FIELDS,
    );
    if (company === undefined) messages.company_unique_code = VALIDATION_MESSAGES.required;
    setErrors(messages);
    const first = FIELDS.find((field) => messages[field] !== undefined);
    if (first || !checked.success || company === undefined) {
      if (first) focusField(event.currentTarget, first);
      return;
    }
    const outcome = await run(() => saveCall(api, writeNeedCall, { body: checked.data }), {
      done: AICHAT_MESSAGES.drafted,
      // The writer's failure and every other refusal are said in place, not as a toast.
      failed: false,
    });
    if (outcome?.status === 'success') setDraft({ answer: outcome.result, company });
    else if (outcome) {
      setErrors(placeServerErrors(outcome.fieldErrors, FIELDS).placed);
      // The writer's failure and every other refusal: the server's words, エラーが発生しました by default.
      setRefusal(outcome.message);
    }
  };

  const styleRow = { name: 'writing_style', required: true, error: errors.writing_style };
  const categoryRow = { name: 'need_category', required: true, error: errors.need_category };
  const hintRow = {
    name: 'hint',
    required: false,
    hint: `企業の希望や重点を置きたい点など（${NEED_HINT_MAX_LENGTH}文字以内、${characterCount(hint)}文字入力済み）`,
    error: errors.hint,
  };

  return (
    <PageStack>
      <Lead>
        企業のプロフィール（事業内容・製品・強み・業種・地域）から、選んだ文体でニーズのタイトルと本文を作成します。作成したニーズは非公開の下書きとして保存され、「企業に提案する」と企業の代表者にメールで知らせます。
      </Lead>
      {refusal && (
        <Notice role="alert">
          <p>{refusal}</p>
        </Notice>
      )}
      <form noValidate aria-label="AIによるニーズ作成の条件" onSubmit={(event) => void write(event)}>
        <FieldRow
          label="企業"
          naming="labelledby"
          name="company_unique_code"
          required
          error={errors.company_unique_code}
        >
          <CompanyChooser
            chosen={company}
            invalid={errors.company_unique_code !== undefined}
            onChoose={(chosen) => {
              setCompany(chosen);
              setErrors(({ company_unique_code: _chosen, ...rest }) => rest);
            }}
          />
        </FieldRow>
        <FieldRow label="文体" naming="group" {...styleRow}>
          {styles.isError ? (
            <Muted role="alert">{LOAD_FAILED_MESSAGE}</Muted>
          ) : styles.data === undefined ? (
            <Muted role="status">読み込み中</Muted>
          ) : (
            <Stacked>
              {styles.data.map((item) => (
                <StyleChoice key={item.code}>
                  <input
                    type="radio"
                    name="writing_style"
                    value={item.code}
                    checked={style === item.code}
                    aria-invalid={errors.writing_style !== undefined}
                    onChange={() => setStyle(item.code)}
                  />
                  <span>
                    {item.name}
                    <small>{item.description}</small>
                  </span>
                </StyleChoice>
              ))}
            </Stacked>
          )}
        </FieldRow>
        <FieldRow label="カテゴリ" naming="group" {...categoryRow}>
          <Choices>
            {NEED_CATEGORIES.map((item) => (
              <ChoiceLabel key={item.code}>
                <input
                  type="radio"
                  name="need_category"
                  value={item.code}
                  checked={category === item.code}
                  aria-invalid={errors.need_category !== undefined}
                  onChange={() => setCategory(item.code)}
                />
                {item.name}
              </ChoiceLabel>
            ))}
          </Choices>
        </FieldRow>
        <FieldRow label="ヒント" {...hintRow}>
          <HintArea
            {...describedControl(hintRow.name, hintRow)}
            name="hint"
            value={hint}
            onChange={(event) => setHint(event.target.value)}
          />
        </FieldRow>
        <FormActions>
          <Button type="submit" $variant="main" disabled={sending}>
            作成
          </Button>
        </FormActions>
      </form>
      {draft && (
        <DraftOffer key={draft.answer.needs_unique_code} draft={draft.answer} company={draft.company} />
      )}
    </PageStack>
  );
}

/** The company: searched by name (企業一覧's search, 10 at a time), one chosen by its radio. */
function CompanyChooser({
  chosen,
  invalid,
  onChoose,
}: {
  chosen: CompanyListItem | undefined;
  invalid: boolean;
  onChoose: (company: CompanyListItem) => void;
}) {
  // Inside the form: Enter searches the companies instead of writing the need.
  const { keyword, setKeyword, searched, search, searchOnEnter } = useInFormSearch();
  const { data, isError, isFetching } = useCallQuery(
    searchCompaniesCall,
    { body: { conditions: { keyword: searched || undefined }, page: 1, rows: FOUND_COMPANIES } },
    { enabled: searched !== null, retry: false },
  );
  return (
    <CompanyFinder role="group" aria-labelledby="company_unique_code-label">
      {chosen ? (
        <Chosen>選択中: {chosen.company_name}</Chosen>
      ) : (
        <Muted>企業名で検索して選んでください。</Muted>
      )}
      <SearchInputRow>
        <TextInput
          id="company_unique_code"
          type="search"
          aria-label="企業名で検索"
          aria-invalid={invalid}
          aria-describedby={invalid ? 'company_unique_code-error' : undefined}
          maxLength={COMPANY_KEYWORD_MAX_LENGTH}
          placeholder="企業名・企業ID"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={searchOnEnter}
        />
        <Button type="button" onClick={search}>
          企業を検索
        </Button>
      </SearchInputRow>
      {isError && <Muted role="alert">企業の検索に失敗しました</Muted>}
      {searched !== null && isFetching && data === undefined && <Muted role="status">検索中</Muted>}
      {data &&
        (data.list.length === 0 ? (
          <Muted role="status">該当する企業はありません。</Muted>
        ) : (
          <Stacked role="radiogroup" aria-label="検索結果の企業">
            {data.list.map((item) => (
              <ChoiceLabel key={item.company_unique_code}>
                <input
                  type="radio"
                  name="company_choice"
                  value={item.company_unique_code}
                  checked={chosen?.company_unique_code === item.company_unique_code}
                  onChange={() => onChoose(item)}
                />
                {item.company_name}
                {item.bb_name && `（${item.bb_name}）`}
              </ChoiceLabel>
            ))}
          </Stacked>
        ))}
    </CompanyFinder>
  );
}

/** The draft as it was written, and 企業に提案する; the server's message once offered. */
function DraftOffer({ draft, company }: { draft: NeedDraftAnswer; company: CompanyListItem }) {
  const api = useApiClient();
  const { run, sending } = useCommand();
  const styles = useCallQuery(listNeedWritingStylesCall, {});
  const [offered, setOffered] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new draft appears under the form: the reader is taken to it, as a screen reader is.
  useEffect(() => heading.current?.focus(), []);
  const styleName =
    styles.data?.find((item) => item.code === draft.writing_style)?.name ?? draft.writing_style;

  const offer = async () => {
    setRefusal(undefined);
    const outcome = await run(
      () => saveCall(api, offerNeedCall, { body: { needs_unique_code: draft.needs_unique_code } }),
      { done: false },
    );
    if (outcome?.status === 'success') setOffered(outcome.result.message);
    // 提案済み and any other refusal in the server's words (エラーが発生しました by default).
    else if (outcome) setRefusal(outcome.message);
  };

  return (
    <MatchingCard $accent aria-labelledby="ai-need-draft-heading">
      <h2 id="ai-need-draft-heading" ref={heading} tabIndex={-1}>
        作成したニーズ
      </h2>
      <Muted>
        {company.company_name}・文体: {styleName}
      </Muted>
      <h3>{draft.need_title}</h3>
      <DraftBody>{draft.need_body}</DraftBody>
      {offered ? (
        <Notice role="status" $tone="info">
          <p>{offered}</p>
        </Notice>
      ) : (
        <>
          {refusal && (
            <Notice role="alert">
              <p>{refusal}</p>
            </Notice>
          )}
          <Muted>
            企業は自社ニーズのページで内容を確認し、編集して承諾するか辞退できます。別の文案にするときは、条件を変えてもう一度「作成」してください。
          </Muted>
          <FormActions>
            <Button type="button" $variant="main" disabled={sending} onClick={() => void offer()}>
              企業に提案する
            </Button>
          </FormActions>
        </>
      )}
    </MatchingCard>
  );
}
