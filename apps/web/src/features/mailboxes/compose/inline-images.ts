import { COMPOSE_LIMITS, COMPOSE_MESSAGES, INLINE_IMAGE_TYPES } from '@leadline/shared';
import type { Editor } from '@tiptap/react';
import { useEffect, useRef } from 'react';

export type InlineImage = { token: string; file: File };

const isInlineType = (file: File) => (INLINE_IMAGE_TYPES as readonly string[]).includes(file.type);
export const imageFilesOf = (files: Iterable<File>) => [...files].filter(isInlineType);

/**
 * Images shown in the text (spec/engage.md §2 Inbox: up to 3 of 5 MB). In the editor each is a
 * `blob:` URL of the chosen file; on sending, each one still in the text is named by a token,
 * its `src` becomes `cid:` + token, and the file travels as an `inlineImages` part.
 */
export function useInlineImages(onProblem: (message: string | null) => void) {
  const files = useRef(new Map<string, File>());
  useEffect(() => {
    const urls = files.current;
    return () => urls.forEach((_file, url) => URL.revokeObjectURL(url));
  }, []);

  const shown = (editor: Editor) => {
    const srcs = new Set<string>();
    editor.state.doc.descendants((node) => {
      if (node.type.name === 'image' && typeof node.attrs.src === 'string') srcs.add(node.attrs.src);
    });
    return [...srcs].filter((src) => files.current.has(src));
  };

  /** Puts the images at the cursor, within the limits; answers those it refused. */
  const insert = (editor: Editor, incoming: File[]) => {
    let count = shown(editor).length;
    let problem: string | null = null;
    for (const file of incoming) {
      if (!isInlineType(file)) problem = COMPOSE_MESSAGES.inlineImageType;
      else if (file.size > COMPOSE_LIMITS.inlineImageBytes) problem = `${file.name}: ${COMPOSE_MESSAGES.inlineImageTooLarge}`;
      else if (count >= COMPOSE_LIMITS.inlineImages) problem = COMPOSE_MESSAGES.tooManyInlineImages;
      else {
        const url = URL.createObjectURL(file);
        files.current.set(url, file);
        editor.chain().focus().setImage({ src: url, alt: file.name }).run();
        count += 1;
      }
    }
    onProblem(problem);
  };

  /** The HTML to send, with `cid:` references, and the images it shows. */
  const prepare = (html: string): { html: string; images: InlineImage[] } => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const images: InlineImage[] = [];
    const tokens = new Map<string, string>();
    for (const img of doc.querySelectorAll('img')) {
      const src = img.getAttribute('src') ?? '';
      const file = files.current.get(src);
      if (!file) continue;
      let token = tokens.get(src);
      if (!token) {
        const extension = file.type.split('/')[1]!.replace('jpeg', 'jpg');
        token = `image-${images.length + 1}.${extension}`;
        tokens.set(src, token);
        images.push({ token, file });
      }
      img.setAttribute('src', `cid:${token}`);
    }
    return { html: images.length ? doc.body.innerHTML : html, images };
  };

  const bytes = (editor: Editor | null) => (editor ? shown(editor).reduce((sum, src) => sum + files.current.get(src)!.size, 0) : 0);

  return { insert, prepare, bytes };
}
