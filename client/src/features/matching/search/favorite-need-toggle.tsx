import { useQueryClient } from '@tanstack/react-query';
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
import { useCommand } from '#client/components/command/use-command.ts';
import { useApiClient } from '#client/lib/request/api-client-context.ts';
import { saveCall } from '#client/lib/request/call-client.ts';

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
  const { run, sending } = useCommand();
  const favorite = need.is_favorite;

  const toggle = () => {
    const params = { ca_unique_code: need.ca_unique_code };
    return run(
      () =>
        favorite
          ? saveCall(api, removeFavoriteNeedCall, { params })
          : saveCall(api, addFavoriteNeedCall, { params }),
      {
        done: ({ is_favorite: isFavorite }) =>
          isFavorite ? FAVORITE_MESSAGES.added : FAVORITE_MESSAGES.removed,
        serverMessages: 'refusals',
        after: async (outcome) => {
          if (outcome.status === 'error') return;
          const isFavorite = outcome.result.is_favorite;
          queryClient.setQueryData(callKey(getNeedCall, { params }), { ...need, is_favorite: isFavorite });
          await queryClient.invalidateQueries({ queryKey: callKeyPrefix(listFavoriteNeedsCall) });
        },
      },
    );
  };

  return (
    <Toggle type="button" aria-pressed={favorite} disabled={sending} onClick={() => void toggle()}>
      <Star aria-hidden="true">{favorite ? '★' : '☆'}</Star>
      お気に入り
    </Toggle>
  );
}
