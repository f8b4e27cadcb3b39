import { MAIL_FRAME_SANDBOX } from '@leadline/shared';

/**
 * A received mail, shown in a sandboxed frame: no scripts, no same-origin, no forms (the
 * server's document also carries a strict CSP). Without same-origin the app cannot measure the
 * frame's content either, so the frame has a fixed height and scrolls inside.
 */
export function MailFrame({ document, title }: { document: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox={MAIL_FRAME_SANDBOX}
      srcDoc={document}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-3)', background: 'white', borderRadius: 4 }}
    />
  );
}
