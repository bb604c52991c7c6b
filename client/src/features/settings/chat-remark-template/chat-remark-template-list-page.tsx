import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from '#client/lib/router/index.ts';
import styled from 'styled-components';
import { callKey, callKeyPrefix } from '#server/contracts/call.ts';
import {
  CHAT_REMARK_TEMPLATE_MESSAGES,
  type ChatRemarkTemplate,
  listChatRemarkTemplatesCall,
  reorderChatRemarkTemplatesCall,
} from '#server/contracts/chat-remark-template.ts';
import { shortenText } from '#server/contracts/text-length.ts';
import { Button, ButtonLink } from '#client/components/button/button.tsx';
import { Notice } from '#client/components/feedback/notice.ts';
import { PageCard, PageLead, PageToolbar } from '#client/components/page/page-text.ts';
import { LoadFailedNotice, LoadingNotice } from '#client/components/page/page-states.tsx';
import { formatJapaneseDateTime } from '#client/lib/date-format.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall, useCallQuery } from '#client/lib/request/call-client.ts';
import { refusalReason, useCommand } from '#client/components/command/use-command.ts';
import { ChatRemarkTemplateDeleteDialog } from './chat-remark-template-delete-dialog.tsx';
import { chatRemarkTemplateEditPath } from './chat-remark-template-paths.ts';

/** How much of a template's text the list shows. */
const BODY_PREVIEW_LENGTH = 80;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeLarge};

  &:focus {
    outline: none;
  }
`;

const Items = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: 0;
  margin: 0;
  list-style: none;
`;

const Item = styled(PageCard)`
  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: 3em minmax(0, 1fr) auto;
    align-items: start;
  }
`;

const Position = styled.span`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Content = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const TitleLink = styled(Link)`
  font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  overflow-wrap: anywhere;
`;

const Preview = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Updated = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ItemActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

type Direction = 'up' | 'down';
const DIRECTION_LABELS: Record<Direction, string> = { up: '上へ', down: '下へ' };

const moveButtonId = (code: string, direction: Direction) => `template-${code}-${direction}`;

/** The list with the template at `index` swapped with its neighbour in `direction`. */
function moved(list: readonly ChatRemarkTemplate[], index: number, direction: Direction) {
  const other = direction === 'up' ? index - 1 : index + 1;
  const next = [...list];
  const [a, b] = [next[index], next[other]];
  if (a === undefined || b === undefined) return undefined;
  next[index] = b;
  next[other] = a;
  return next;
}

/**
 * /mypage/setting/chat_remark_template: the company's fixed replies for the business chat, in the
 * order the message box offers them. Every user of the company who may use the chat manages the
 * same list: 新規作成 (until the company's limit), each title opens its edit page, 上へ / 下へ move a
 * template (the new order is saved at once) and 削除 asks first.
 */
export function ChatRemarkTemplateListPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { run } = useCommand();
  const { data, isError, isPending } = useCallQuery(listChatRemarkTemplatesCall, {});
  const [refusal, setRefusal] = useState<string>();
  const [deleting, setDeleting] = useState<ChatRemarkTemplate>();
  // After a move, the button pressed keeps the focus where the template went (or its twin at an end).
  const [focusAfterMove, setFocusAfterMove] = useState<{ code: string; direction: Direction }>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusAfterMove) return;
    const { code, direction } = focusAfterMove;
    const pressed = document.getElementById(moveButtonId(code, direction));
    const twin = document.getElementById(moveButtonId(code, direction === 'up' ? 'down' : 'up'));
    const target = pressed instanceof HTMLButtonElement && !pressed.disabled ? pressed : twin;
    target?.focus();
    setFocusAfterMove(undefined);
  }, [data, focusAfterMove]);

  if (isPending) return <LoadingNotice />;
  if (isError) return <LoadFailedNotice />;

  const { list, max_count: maxCount } = data;
  const full = list.length >= maxCount;

  const move = async (index: number, direction: Direction) => {
    const template = list[index];
    const next = moved(list, index, direction);
    if (!template || !next) return;
    setRefusal(undefined);
    const outcome = await run(
      () =>
        saveCall(api, reorderChatRemarkTemplatesCall, {
          body: { template_unique_codes: next.map((item) => item.template_unique_code) },
        }),
      {
        done: CHAT_REMARK_TEMPLATE_MESSAGES.orderSaved,
        failed: CHAT_REMARK_TEMPLATE_MESSAGES.orderFailed,
        after: async (answer) => {
          if (answer.status === 'success') {
            queryClient.setQueryData(callKey(listChatRemarkTemplatesCall, {}), answer.result);
            return;
          }
          setRefusal(refusalReason(answer));
          // The list may have changed under the page (another user of the company): read it again.
          await queryClient.invalidateQueries({ queryKey: callKeyPrefix(listChatRemarkTemplatesCall) });
        },
      },
    );
    if (outcome?.status !== 'success') return;
    setFocusAfterMove({ code: template.template_unique_code, direction });
  };

  return (
    <>
      <PageLead>
        ビジネスチャットでよく使う文章を定型文として登録できます。登録した定型文は会社のユーザー全員で共有され、上から順にチャットの入力欄で選べます（
        {maxCount}
        件まで）。
      </PageLead>
      <PageToolbar $spread>
        <Heading ref={headingRef} tabIndex={-1}>
          登録済みの定型文（{list.length}件／{maxCount}件）
        </Heading>
        {!full && (
          <ButtonLink as={Link} to={chatRemarkTemplateEditPath()} $variant="main">
            新規作成
          </ButtonLink>
        )}
      </PageToolbar>
      {full && (
        <Notice role="status" $tone="info">
          <p>{CHAT_REMARK_TEMPLATE_MESSAGES.limitReached}</p>
        </Notice>
      )}
      {refusal && (
        <Notice role="alert">
          <p>{refusal}</p>
        </Notice>
      )}
      {list.length === 0 ? (
        <p>定型文はまだ登録されていません。</p>
      ) : (
        <Items aria-label="定型文（並び順）">
          {list.map((template, index) => (
            <Item as="li" key={template.template_unique_code}>
              <Position aria-hidden="true">{index + 1}</Position>
              <Content>
                <TitleLink to={chatRemarkTemplateEditPath(template.template_unique_code)}>
                  {template.template_title}
                </TitleLink>
                <Preview>
                  {shortenText(template.template_body.replace(/\s+/g, ' ').trim(), BODY_PREVIEW_LENGTH)}
                </Preview>
                <Updated>更新日時：{formatJapaneseDateTime(template.template_updated_at)}</Updated>
              </Content>
              <ItemActions>
                {(['up', 'down'] as const).map((direction) => (
                  <Button
                    key={direction}
                    id={moveButtonId(template.template_unique_code, direction)}
                    type="button"
                    aria-label={`「${template.template_title}」を${DIRECTION_LABELS[direction]}移動`}
                    disabled={direction === 'up' ? index === 0 : index === list.length - 1}
                    onClick={() => void move(index, direction)}
                  >
                    {DIRECTION_LABELS[direction]}
                  </Button>
                ))}
                <Button
                  type="button"
                  aria-haspopup="dialog"
                  aria-label={`「${template.template_title}」を削除`}
                  onClick={() => setDeleting(template)}
                >
                  削除
                </Button>
              </ItemActions>
            </Item>
          ))}
        </Items>
      )}
      <ChatRemarkTemplateDeleteDialog
        template={deleting}
        onClose={() => setDeleting(undefined)}
        onDeleted={() => headingRef.current?.focus()}
      />
    </>
  );
}
