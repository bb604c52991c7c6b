import { type KeyboardEvent, useState } from 'react';
import styled from 'styled-components';

/**
 * A search box that sits inside another form (the AI writer's company, a campaign's needs): the
 * keyword being typed, the keyword last searched (null before the first search, so the page asks
 * nothing until then), and Enter in the box searching instead of sending the form around it.
 */
export function useInFormSearch() {
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const search = () => setSearched(keyword.trim());
  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };
  return { keyword, setKeyword, searched, search, searchOnEnter };
}

/** The search box and its button on one line, the box taking the room; wrapping on phones. */
export const SearchInputRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};

  input {
    flex: 1 1 14em;
    width: auto;
  }
`;
