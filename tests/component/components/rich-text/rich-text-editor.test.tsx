import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextContent } from '#client/components/rich-text/rich-text-content.tsx';
import { type ImageUploadOutcome, RichTextEditor } from '#client/components/rich-text/rich-text-editor.tsx';
import { Themed } from '#tests/component/lib/themed.tsx';
import './jsdom-layout.ts';

function BodyField({
  initial = '',
  uploadImage,
}: {
  initial?: string;
  uploadImage?: (file: File) => Promise<ImageUploadOutcome>;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Themed>
      <span id="body-label">本文</span>
      <RichTextEditor
        id="body"
        labelledBy="body-label"
        value={value}
        onChange={setValue}
        uploadImage={uploadImage}
      />
      <output data-testid="html">{value}</output>
    </Themed>
  );
}

const html = () => screen.getByTestId('html').textContent ?? '';
const tool = (name: string) =>
  within(screen.getByRole('toolbar', { name: '書式' })).getByRole('button', { name });

async function selectAllIn(box: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.click(box);
  await user.keyboard('{Control>}a{/Control}');
}

describe('RichTextEditor: the staff’s body editor', () => {
  it('is a multi-line text box named by its label, writing HTML into the field', async () => {
    // One key at a time, as a person types: ProseMirror reads what each key changed before the next.
    const user = userEvent.setup({ delay: 30 });
    render(<BodyField />);
    const box = screen.getByRole('textbox', { name: '本文' });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    await user.type(box, '営業時間のご案内');
    await waitFor(() => expect(html()).toBe('<p>営業時間のご案内</p>'));
  });

  it('holds nothing when the body is emptied (an empty editor is not a body)', async () => {
    const user = userEvent.setup();
    render(<BodyField initial="<p>下書き</p>" />);
    const box = screen.getByRole('textbox', { name: '本文' });
    await selectAllIn(box, user);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(html()).toBe(''));
  });

  it('offers the Japanese toolbar and marks the active formats with aria-pressed', async () => {
    const user = userEvent.setup();
    render(<BodyField initial="<p>重要なお知らせ</p>" />);
    const labels = within(screen.getByRole('toolbar', { name: '書式' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(labels).toEqual(['見出し', '太字', '斜体', '箇条書き', '番号付き', '引用', 'リンク']);

    await selectAllIn(screen.getByRole('textbox', { name: '本文' }), user);
    expect(tool('太字').getAttribute('aria-pressed')).toBe('false');
    await user.click(tool('太字'));
    await waitFor(() => expect(html()).toBe('<p><strong>重要なお知らせ</strong></p>'));
    expect(tool('太字').getAttribute('aria-pressed')).toBe('true');

    await user.click(tool('見出し'));
    // The editor keeps an empty paragraph after a last heading, for the cursor to leave it by.
    await waitFor(() => expect(html()).toMatch(/^<h2><strong>重要なお知らせ<\/strong><\/h2>/));
    await user.click(tool('箇条書き'));
    await waitFor(() => expect(html()).toContain('<ul><li>'));
  });

  it('is one tab stop whose buttons the arrow keys, Home and End move along', async () => {
    const user = userEvent.setup();
    render(<BodyField />);
    const tabStops = within(screen.getByRole('toolbar', { name: '書式' }))
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(tabStops.map((button) => button.textContent)).toEqual(['見出し']);
    tool('見出し').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tool('太字'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tool('リンク'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tool('見出し'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tool('リンク'));
    expect(tool('リンク').tabIndex).toBe(0);
    expect(tool('見出し').tabIndex).toBe(-1);
  });

  it('リンク: asks for an absolute address and links the selected text', async () => {
    const user = userEvent.setup();
    render(<BodyField initial="<p>詳しくはこちら</p>" />);
    await selectAllIn(screen.getByRole('textbox', { name: '本文' }), user);
    await user.click(tool('リンク'));
    const dialog = screen.getByRole('dialog', { name: 'リンク' });
    const address = within(dialog).getByRole('textbox', { name: 'リンク先のURL' });
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: '設定する' }));
    expect(within(dialog).getByText('URLの形式が正しくありません')).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'https://www.example.co.jp/seminar');
    await user.click(within(dialog).getByRole('button', { name: '設定する' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(html()).toContain('href="https://www.example.co.jp/seminar"'));
    expect(html()).toContain('>詳しくはこちら</a>');
  });

  it('画像: uploads the picked image and inserts it where the cursor is', async () => {
    const user = userEvent.setup();
    const uploadImage = vi.fn(async (file: File): Promise<ImageUploadOutcome> => ({
      status: 'success',
      src: '/api/v1/files/img-001',
      alt: file.name,
    }));
    render(<BodyField initial="<p>会場の地図</p>" uploadImage={uploadImage} />);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'map.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('本文に挿入する画像'), file);
    expect(uploadImage).toHaveBeenCalledWith(file);
    await waitFor(() => expect(html()).toContain('<img src="/api/v1/files/img-001" alt="map.png">'));
  });

  it('画像: a refused upload says why and inserts nothing', async () => {
    const user = userEvent.setup();
    render(
      <BodyField
        initial="<p>本文</p>"
        uploadImage={async () => ({ status: 'error', message: 'このファイル形式はアップロードできません' })}
      />,
    );
    await user.upload(
      screen.getByLabelText('本文に挿入する画像'),
      new File(['MZ'], 'setup.png', { type: 'image/png' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('このファイル形式はアップロードできません');
    expect(html()).toBe('<p>本文</p>');
  });
});

describe('RichTextContent: a body as companies see it', () => {
  it('shows the formatting and drops anything that could run, even if the server let it through (DOMPurify where the browser has no Sanitizer API)', async () => {
    const { container } = render(
      <Themed>
        <RichTextContent
          html={
            '<h2>ご案内</h2><p onclick="steal()">本文<script>alert(1)</script></p>' +
            '<a href="javascript:alert(1)">罠</a><img src="/api/v1/files/a" onerror="steal()" alt="図">' +
            '<a href="https://example.jp" target="_blank" rel="noopener noreferrer">外部</a>' +
            '<p style="position:fixed">上書き</p>'
          }
        />
      </Themed>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'ご案内' })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onclick], [onerror], [style]')).toBeNull();
    expect(screen.getByText('罠').getAttribute('href')).toBeNull();
    expect(screen.getByRole('img', { name: '図' }).getAttribute('src')).toBe('/api/v1/files/a');
    const external = screen.getByRole('link', { name: '外部' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
