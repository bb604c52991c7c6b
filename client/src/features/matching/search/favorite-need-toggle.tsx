import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { callKey, callKeyPrefix } from '#server/contracts/call.ts';
import {
  addFavoriteNeedCall,
  FAVORITE_MESSAGES,
  getNeedCall,
  listFavoriteNeedsCall,
  type NeedDetail,
  removeFavoriteNeedCall,
} from '#server/contracts/matching.ts';
import { Button } from '#client/components/button/button.tsx';
import { useToast } from '#client/components/feedback/toast.tsx';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';
import { DEFAULT_ERROR_MESSAGE } from '#client/lib/request/http-error.ts';
import { SAVE_FAILURE_MESSAGE, useSaveFlow } from '#client/lib/save-flow.ts';

const Toggle = styled(Button)`
  white-space: nowrap;

  &[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.main};
  }
`;

const Star = styled.span`
  color: ${({ theme }) => theme.colors.main};
`;

/**
 * ☆ お気に入り: a toggle button (aria-pressed) that adds the need to the user's favourites or takes
 * it away (POST / DELETE /api/v1/favca/{code}). The need on the page follows the answer, and the
 * favourites' list loads again when next shown. A refusal with a reason (500 favourites already)
 * is its toast; any other failure the save flow's.
 */
export function FavoriteNeedToggle({ need }: { need: NeedDetail }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const saveFlow = useSaveFlow();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const favorite = need.is_favorite;

  const toggle = async () => {
    const params = { ca_unique_code: need.ca_unique_code };
    setSending(true);
    try {
      const outcome = await saveFlow.run(
        () =>
          favorite
            ? saveCall(api, removeFavoriteNeedCall, { params })
            : saveCall(api, addFavoriteNeedCall, { params }),
        { successToast: false, errorToast: false },
      );
      if (outcome.status === 'error') {
        toast.error(outcome.message === DEFAULT_ERROR_MESSAGE ? SAVE_FAILURE_MESSAGE : outcome.message);
        return;
      }
      const isFavorite = outcome.result.is_favorite;
      queryClient.setQueryData(callKey(getNeedCall, { params }), { ...need, is_favorite: isFavorite });
      toast.success(isFavorite ? FAVORITE_MESSAGES.added : FAVORITE_MESSAGES.removed);
      await queryClient.invalidateQueries({ queryKey: callKeyPrefix(listFavoriteNeedsCall) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Toggle type="button" aria-pressed={favorite} disabled={sending} onClick={() => void toggle()}>
      <Star aria-hidden="true">{favorite ? '★' : '☆'}</Star>
      お気に入り
    </Toggle>
  );
}
