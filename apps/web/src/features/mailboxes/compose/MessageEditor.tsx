import '@mantine/tiptap/styles.css';
import { RichTextEditor, Link } from '@mantine/tiptap';
import { IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { Extension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, type ReactNode } from 'react';
import { imageFilesOf } from './inline-images';
import classes from './MessageEditor.module.css';

/**
 * Mod-Enter sends (the dialog handles it); without this the editor would insert a line break
 * first, as Tiptap's hard break binds the same keys.
 */
const SendKey = Extension.create({
  name: 'sendKey',
  priority: 1000,
  addKeyboardShortcuts: () => ({ 'Mod-Enter': () => true }),
});

/**
 * The editor of spec/engage.md §9: headings 1-4, alignment, bold, italic, underline, inline
 * code, lists, links and file attach. Tiptap's own keys are the spec's: Ctrl-b, i, u, e;
 * Ctrl-Shift-7 and 8 for lists; Ctrl-Shift-l, e, r, j to align.
 */
export function useMessageEditor(html: string, onAttach: () => void, focusFirst: boolean, onImages: (editor: Editor, files: File[]) => void, label = 'Message') {
  // The editor is built once; the handlers it calls may change.
  const handlers = useRef({ onAttach, onImages });
  useEffect(() => {
    handlers.current = { onAttach, onImages };
  });
  // An image pasted or dropped on the text goes into the text; other files are attachments.
  const built = useRef<Editor | null>(null);
  const takeImages = (files: FileList | undefined | null) => {
    const images = imageFilesOf(files ?? []);
    if (images.length === 0 || !built.current) return false;
    handlers.current.onImages(built.current, images);
    return true;
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3, 4] }, codeBlock: false, horizontalRule: false }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ inline: true, allowBase64: false }),
      SendKey,
      Extension.create({ name: 'attachKey', addKeyboardShortcuts: () => ({ 'Mod-Shift-a': () => (handlers.current.onAttach(), true) }) }),
    ],
    content: html,
    editorProps: {
      handlePaste: (_view, event) => takeImages(event.clipboardData?.files),
      handleDrop: (_view, event) => takeImages((event as DragEvent).dataTransfer?.files),
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(focusFirst ? { 'data-autofocus': 'true' } : {}) },
    },
  });
  useEffect(() => {
    built.current = editor;
  }, [editor]);
  return editor;
}

type MessageEditorProps = {
  editor: Editor | null;
  /** Without it (a campaign step), the attach and image controls are left out. */
  onAttach?: () => void;
  onImages?: (files: File[]) => void;
  disabled: boolean;
  autoFocus: boolean;
  /** More toolbar controls, after the editor's own (the campaign step's variable picker). */
  extraControls?: ReactNode;
  minHeight?: number;
};

export function MessageEditor({ editor, onAttach, onImages, disabled, autoFocus, extraControls, minHeight = 220 }: MessageEditorProps) {
  const imagePicker = useRef<HTMLInputElement>(null);
  // useEditor may hand back an editor it has already destroyed for a newer one (the dialog's first
  // mount under Preact): such an editor has no commands, and the next render brings the live one.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);
  // A reply starts above the quote, where the answer goes.
  useEffect(() => {
    if (editor && !editor.isDestroyed && autoFocus) editor.commands.focus('start');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);
  return (
    <RichTextEditor editor={editor} variant="subtle" style={{ minHeight: minHeight + 40 }}>
      <RichTextEditor.Toolbar sticky stickyOffset={-16}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Code />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
          <RichTextEditor.AlignJustify />
        </RichTextEditor.ControlsGroup>
        {onAttach && onImages && (
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Control onClick={() => imagePicker.current?.click()} aria-label="Insert an image" title="Insert an image in the text (up to 3 of 5 MB)" disabled={disabled}>
            <IconPhoto stroke={1.5} size={16} />
          </RichTextEditor.Control>
          <RichTextEditor.Control onClick={onAttach} aria-label="Attach files" title="Attach files (Ctrl+Shift+A)" disabled={disabled}>
            <IconPaperclip stroke={1.5} size={16} />
          </RichTextEditor.Control>
        </RichTextEditor.ControlsGroup>
        )}
        {extraControls}
      </RichTextEditor.Toolbar>
      <input
        ref={imagePicker}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        hidden
        aria-label="Choose images for the text"
        onChange={(event) => {
          onImages?.([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <RichTextEditor.Content className={classes.content} style={{ minHeight, maxHeight: '42vh', overflowY: 'auto' }} />
    </RichTextEditor>
  );
}
