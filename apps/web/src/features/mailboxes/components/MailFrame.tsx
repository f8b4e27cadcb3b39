import { MAIL_FRAME_SANDBOX } from '@leadline/shared';

/**
 * A received mail, shown in a sandboxed frame: no scripts, no same-origin, no forms. The frame
 * loads the message's document from the server, with that document's own strict CSP (remote
 * images only once the reader chose Show images), so the app's policy never allows them.
 * Without same-origin the app cannot measure the frame's content, so it has a fixed height.
 */
export function MailFrame({ messageId, showImages, title }: { messageId: string; showImages: boolean; title: string }) {
  return (
    <iframe
      title={title}
      sandbox={MAIL_FRAME_SANDBOX}
      src={`/api/v1/mail/gmail/message/${encodeURIComponent(messageId)}/document?showImages=${showImages}`}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-3)', background: 'white', borderRadius: 4 }}
    />
  );
}
