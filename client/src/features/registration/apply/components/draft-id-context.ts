import { createContext, useContext } from 'react';

/** The id of the draft the form is filling in, for controls that send to it directly (the upload). */
export const DraftIdContext = createContext<string | undefined>(undefined);

export function useDraftId(): string {
  const draftId = useContext(DraftIdContext);
  if (draftId === undefined) throw new Error('useDraftId outside an application form');
  return draftId;
}
