/** What other features of the web app use from the inbox: its message editor (Tiptap, the spec's toolbar and keys). */
export { MessageEditor, useMessageEditor } from './compose/MessageEditor';
