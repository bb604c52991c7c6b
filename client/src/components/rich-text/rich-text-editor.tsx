import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  type ChangeEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import styled from 'styled-components';
import { isHttpUrl, VALIDATION_MESSAGES } from '#server/contracts/validation.ts';
import { Button } from '../button/button.tsx';
import { ModalDialog } from '../dialog/modal-dialog.tsx';
import { TextInput } from '../form/form-controls.ts';
import { richTextStyles } from './rich-text-styles.ts';

/** What an image upload answers: where the image is read (and its alt text), or why it was refused. */
export type ImageUploadOutcome =
  { status: 'success'; src: string; alt: string } | { status: 'error'; message: string };

export interface RichTextEditorProps {
  /** The id of the editable area. */
  id: string;
  /** The id of the element that names the field (its label). */
  labelledBy: string;
  /** Ids of the hint and error that describe the field. */
  describedBy?: string;
  /** The body as HTML; '' when nothing is written. */
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  required?: boolean;
  /** Uploads an image for the 画像 button; without it the button is not offered. */
  uploadImage?: (file: File) => Promise<ImageUploadOutcome>;
  /** The image types the upload accepts (the file picker's `accept`). */
  imageTypes?: readonly string[];
  /** Receives the editable element, so a form can focus it when the field is in error. */
  editableRef?: (element: HTMLElement | null) => void;
}

const Frame = styled.div<{ $invalid: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.sm};
  box-shadow: ${({ theme, $invalid }) => ($invalid ? `0 0 0 1px ${theme.colors.danger}` : 'none')};

  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.borderFocus};
    outline-offset: 1px;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 2px;
  padding: ${({ theme }) => theme.spacing.xs};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const ToolButton = styled.button`
  min-width: 44px;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  color: ${({ theme }) => theme.colors.text};
  background: transparent;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.border};
  }

  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.colors.onMain};
    background: ${({ theme }) => theme.colors.main};
  }

  &:disabled {
    cursor: progress;
    opacity: 0.6;
  }
`;

const Editable = styled.div`
  .tiptap {
    min-height: 16em;
    max-height: 60vh;
    padding: ${({ theme }) => theme.spacing.md};
    overflow-y: auto;
    ${richTextStyles}

    &:focus {
      outline: none;
    }
  }

  .tiptap img.ProseMirror-selectednode {
    outline: 3px solid ${({ theme }) => theme.colors.borderFocus};
  }
`;

const Status = styled.p<{ $error: boolean }>`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  font-size: ${({ theme }) => theme.typography.fontSizeSmall};
  font-weight: ${({ theme, $error }) => ($error ? theme.typography.fontWeightBold : 'normal')};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.textMuted)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const LinkForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xs};

  label {
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
  }

  p {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.fontSizeSmall};
    font-weight: ${({ theme }) => theme.typography.fontWeightBold};
    color: ${({ theme }) => theme.colors.danger};
  }
`;

/** The link texts the server keeps: absolute http(s) and mailto addresses. */
function isAcceptedLink(url: string): boolean {
  return isHttpUrl(url) || /^mailto:[^\s@]+@[^\s@]+$/i.test(url);
}

/**
 * The extensions: what the server's allowlist keeps (server/api/news/rich-text.ts) and no more.
 * Headings are h2 and h3 (the page's title is the h1); code marks and blocks are left out. Links
 * are not followed on click while editing.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

/** The body the form holds: '' for an editor left empty (it still holds `<p></p>`), else its HTML. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

type ToolName =
  'heading' | 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'blockquote' | 'link' | 'image';

const TOOL_LABELS: Record<ToolName, string> = {
  heading: '見出し',
  bold: '太字',
  italic: '斜体',
  bulletList: '箇条書き',
  orderedList: '番号付き',
  blockquote: '引用',
  link: 'リンク',
  image: '画像',
};

function activeTools(editor: Editor): Record<ToolName, boolean> {
  return {
    heading: editor.isActive('heading', { level: 2 }),
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    image: editor.isActive('image'),
  };
}

/**
 * The staff's rich-text editor (TipTap): a toolbar of 見出し, 太字, 斜体, 箇条書き, 番号付き, 引用,
 * リンク and 画像 over the editable body, writing HTML into the form's field. The toolbar is one
 * tab stop (arrow keys, Home and End move along it, WAI-ARIA toolbar pattern), and the usual
 * shortcuts work in the body (Ctrl+B, Ctrl+I, …). Images are uploaded through `uploadImage` and
 * inserted where the cursor is; a refused upload says why under the body.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { id, labelledBy, describedBy, value, onChange, invalid = false, required = false } = props;
  // The editor is made once; its update handler reaches the latest onChange through this ref.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  // The content it starts with; later values come in through setContent (EditorFrame).
  const [initialContent] = useState(value);
  // The editable element's ARIA attributes follow the field's state (TipTap applies changed props).
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': String(invalid),
        'aria-required': String(required),
      },
    }),
    [id, labelledBy, describedBy, invalid, required],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    // Made once the component is on the page: an editor made during a render that React then set
    // aside (a lazy chunk, a transition) would be destroyed under it.
    immediatelyRender: false,
    onUpdate: ({ editor: updated }) => onChangeRef.current(htmlOf(updated)),
  });
  if (!editor) return <Frame $invalid={invalid} aria-busy="true" />;
  return <EditorFrame {...props} editor={editor} />;
}

/** The toolbar, the editable body and the dialogs around a made editor. */
function EditorFrame({
  editor,
  id,
  value,
  invalid = false,
  uploadImage,
  imageTypes,
  editableRef,
}: RichTextEditorProps & { editor: Editor }) {
  // A value set from outside (a form reset, a loaded item) replaces the content, without echoing back.
  useEffect(() => {
    if (!editor.isDestroyed && value !== htmlOf(editor))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor.isDestroyed) return;
    editableRef?.(editor.view.dom);
    return () => editableRef?.(null);
  }, [editor, editableRef]);

  const active = useEditorState({ editor, selector: ({ editor: current }) => activeTools(current) });
  const tools: ToolName[] = [
    'heading',
    'bold',
    'italic',
    'bulletList',
    'orderedList',
    'blockquote',
    'link',
    ...(uploadImage ? (['image'] as const) : []),
  ];
  const [focusIndex, setFocusIndex] = useState(0);
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const [linkOpen, setLinkOpen] = useState(false);
  const [upload, setUpload] = useState<{ busy: boolean; message?: string; error: boolean }>({
    busy: false,
    error: false,
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const statusId = useId();

  const run = (tool: ToolName) => {
    const chain = editor.chain().focus();
    switch (tool) {
      case 'heading':
        chain.toggleHeading({ level: 2 }).run();
        return;
      case 'bold':
        chain.toggleBold().run();
        return;
      case 'italic':
        chain.toggleItalic().run();
        return;
      case 'bulletList':
        chain.toggleBulletList().run();
        return;
      case 'orderedList':
        chain.toggleOrderedList().run();
        return;
      case 'blockquote':
        chain.toggleBlockquote().run();
        return;
      case 'link':
        setLinkOpen(true);
        return;
      case 'image':
        fileInput.current?.click();
        return;
    }
  };

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tools.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? focusIndex === last
          ? 0
          : focusIndex + 1
        : event.key === 'ArrowLeft'
          ? focusIndex === 0
            ? last
            : focusIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    toolRefs.current[next]?.focus();
  };

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!file || !uploadImage) return;
    setUpload({ busy: true, message: '画像をアップロードしています…', error: false });
    const outcome = await uploadImage(file);
    if (outcome.status === 'error') {
      setUpload({ busy: false, message: outcome.message, error: true });
      return;
    }
    setUpload({ busy: false, error: false });
    editor.chain().focus().setImage({ src: outcome.src, alt: outcome.alt }).run();
  };

  return (
    <Frame $invalid={invalid}>
      <Toolbar role="toolbar" aria-label="書式" aria-controls={id} onKeyDown={moveFocus}>
        {tools.map((tool, index) => (
          <ToolButton
            key={tool}
            ref={(element) => {
              toolRefs.current[index] = element;
            }}
            type="button"
            tabIndex={index === focusIndex ? 0 : -1}
            aria-pressed={tool === 'image' ? undefined : active[tool]}
            aria-haspopup={tool === 'link' ? 'dialog' : undefined}
            disabled={tool === 'image' && upload.busy}
            onFocus={() => setFocusIndex(index)}
            onClick={() => run(tool)}
          >
            {TOOL_LABELS[tool]}
          </ToolButton>
        ))}
      </Toolbar>
      <Editable>
        <EditorContent editor={editor} />
      </Editable>
      {upload.message && (
        <Status id={statusId} role={upload.error ? 'alert' : 'status'} $error={upload.error}>
          {upload.message}
        </Status>
      )}
      {uploadImage && (
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={imageTypes?.join(',')}
          aria-label="本文に挿入する画像"
          onChange={(event) => void pickImage(event)}
        />
      )}
      <LinkDialog
        open={linkOpen}
        initialUrl={active.link ? String(editor.getAttributes('link').href ?? '') : ''}
        hasLink={active.link}
        onClose={() => {
          setLinkOpen(false);
          editor.commands.focus();
        }}
        onApply={(url) => {
          setLinkOpen(false);
          const chain = editor.chain().focus().extendMarkRange('link');
          if (editor.state.selection.empty && !active.link)
            chain
              .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
              .run();
          else chain.setLink({ href: url }).run();
        }}
        onRemove={() => {
          setLinkOpen(false);
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
        }}
      />
    </Frame>
  );
}

/** リンク: the address of the selected text's link (absolute http, https or mailto), or its removal. */
function LinkDialog({
  open,
  initialUrl,
  hasLink,
  onClose,
  onApply,
  onRemove,
}: {
  open: boolean;
  initialUrl: string;
  hasLink: boolean;
  onClose: () => void;
  onApply: (url: string) => void;
  onRemove: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const formId = useId();
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setUrl(initialUrl);
      setError(undefined);
    }
  }, [open, initialUrl]);
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="リンク"
      width={500}
      actions={
        <>
          {hasLink && (
            <Button type="button" onClick={onRemove}>
              リンクを外す
            </Button>
          )}
          <Button type="button" onClick={onClose}>
            キャンセル
          </Button>
          <Button type="submit" form={formId} $variant="main">
            設定する
          </Button>
        </>
      }
    >
      <LinkForm
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const address = url.trim();
          if (address === '') setError(VALIDATION_MESSAGES.required);
          else if (!isAcceptedLink(address)) setError(VALIDATION_MESSAGES.url);
          else onApply(address);
        }}
      >
        <label htmlFor={inputId}>リンク先のURL</label>
        <TextInput
          id={inputId}
          type="url"
          inputMode="url"
          value={url}
          data-autofocus
          placeholder="https://"
          aria-invalid={error !== undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        {error && <p id={errorId}>{error}</p>}
      </LinkForm>
    </ModalDialog>
  );
}
