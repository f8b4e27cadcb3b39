import { RichTextEditor, Link } from '@mantine/tiptap';
import { IconPaperclip } from '@tabler/icons-react';
import { Extension } from '@tiptap/core';
import TextAlign from '@tiptap/extension-text-align';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
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
export function useMessageEditor(html: string, onAttach: () => void, focusFirst: boolean) {
  return useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3, 4] }, codeBlock: false, horizontalRule: false }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      SendKey,
      Extension.create({ name: 'attachKey', addKeyboardShortcuts: () => ({ 'Mod-Shift-a': () => (onAttach(), true) }) }),
    ],
    content: html,
    editorProps: { attributes: { 'aria-label': 'Message', role: 'textbox', 'aria-multiline': 'true', ...(focusFirst ? { 'data-autofocus': 'true' } : {}) } },
  });
}

export function MessageEditor({ editor, onAttach, disabled, autoFocus }: { editor: Editor | null; onAttach: () => void; disabled: boolean; autoFocus: boolean }) {
  useEffect(() => editor?.setEditable(!disabled, false), [editor, disabled]);
  // A reply starts above the quote, where the answer goes.
  useEffect(() => {
    if (editor && autoFocus) editor.commands.focus('start');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);
  return (
    <RichTextEditor editor={editor} variant="subtle" style={{ minHeight: 260 }}>
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
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Control onClick={onAttach} aria-label="Attach files" title="Attach files (Ctrl+Shift+A)" disabled={disabled}>
            <IconPaperclip stroke={1.5} size={16} />
          </RichTextEditor.Control>
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content className={classes.content} style={{ minHeight: 220, maxHeight: '42vh', overflowY: 'auto' }} />
    </RichTextEditor>
  );
}
