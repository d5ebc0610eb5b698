import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import classes from './rich-text-field.module.css';

/** The editor of a rich-text field (job details, an event's description), named for readers. */
export function useRichTextEditor(label: string, content = '') {
  return useEditor({
    // StarterKit brings its own link mark; Mantine's adds the link editor's keyboard shortcut.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
    },
  });
}

/** The editor's HTML, or '' when it holds no text (an editor left with empty paragraphs). */
export const richTextHtml = (editor: Editor | null) =>
  editor && editor.getText().trim().length > 0 ? editor.getHTML() : '';

/** A labelled rich-text box with the job board's toolbar: emphasis, headings, lists, links. */
export function RichTextField({
  editor,
  label,
  error,
}: {
  editor: Editor | null;
  label: string;
  error?: string | null;
}) {
  return (
    <Input.Wrapper label={label} labelElement="div" error={error}>
      <RichTextEditor editor={editor} classNames={{ content: classes.editorContent }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
