import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallUpload } from '#server/contracts/call.ts';
import { useImageChoice } from '#client/components/form/use-image-choice.ts';

const UPLOAD: CallUpload = {
  field: 'file',
  missingMessage: '画像を選んでください',
  limits: {
    maxBytes: 10,
    contentTypes: ['image/png'],
    messages: { tooLarge: '画像が大きすぎます', typeRefused: 'この形式の画像は登録できません' },
  },
};
const png = (bytes: number) => new File(['x'.repeat(bytes)], 'logo.png', { type: 'image/png' });

describe('useImageChoice: an image field sent after its form is saved', () => {
  it('says why a chosen file cannot go, and is not ready to save while it cannot', () => {
    const { result } = renderHook(() => useImageChoice<string>(null, UPLOAD, 'logo'));
    act(() => result.current.choose({ file: png(11), remove: false }));
    expect(result.current.error).toBe('画像が大きすぎます');
    let ready = true;
    act(() => {
      ready = result.current.readyToSave();
    });
    expect(ready).toBe(false);
  });

  it('shows the server’s word on the file until the next choice', () => {
    const { result } = renderHook(() => useImageChoice<string>(null, UPLOAD, 'logo'));
    act(() => result.current.showRefusal({ file: ['画像を読み取れませんでした'] }));
    expect(result.current.error).toBe('画像を読み取れませんでした');
    act(() => result.current.choose({ file: png(5), remove: false }));
    expect(result.current.error).toBeUndefined();
  });

  it('after a save keeps the saved image, forgets the choice and renews the input when it changed', () => {
    const { result } = renderHook(() => useImageChoice<string>('old.png', UPLOAD, 'logo'));
    let changed = false;
    act(() => {
      changed = result.current.saved('old.png');
    });
    expect(changed).toBe(false);
    expect(result.current.inputKey).toBe(0);
    act(() => result.current.choose({ file: png(5), remove: false }));
    act(() => {
      changed = result.current.saved('new.png');
    });
    expect(changed).toBe(true);
    expect(result.current.image).toBe('new.png');
    expect(result.current.choice).toEqual({ file: null, remove: false });
    expect(result.current.inputKey).toBe(1);
  });
});
