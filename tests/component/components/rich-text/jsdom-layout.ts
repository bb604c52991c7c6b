/**
 * jsdom lays nothing out, so it has no client rects for text ranges; ProseMirror (under the
 * rich-text editor) asks for them to scroll the cursor into view. Empty rects let it run; import this
 * module in a test file that renders the editor.
 */
const emptyRect = (): DOMRect => new DOMRect(0, 0, 0, 0);
const emptyRectList = (): DOMRectList => {
  const list = [] as unknown as DOMRectList & DOMRect[];
  Object.assign(list, { item: () => null });
  return list;
};

if (typeof Range !== 'undefined') {
  Range.prototype.getBoundingClientRect ??= emptyRect;
  Range.prototype.getClientRects ??= emptyRectList;
}
if (typeof Text !== 'undefined') {
  const text = Text.prototype as unknown as {
    getClientRects?: () => DOMRectList;
    getBoundingClientRect?: () => DOMRect;
  };
  text.getClientRects ??= emptyRectList;
  text.getBoundingClientRect ??= emptyRect;
}
if (typeof document !== 'undefined') document.elementFromPoint ??= () => null;
