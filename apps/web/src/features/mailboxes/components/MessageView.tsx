import type { InboxMessage } from '@leadline/shared';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, TagsInput, Text, Tooltip } from '@mantine/core';
import { IconArchive, IconMailOpened, IconMail, IconAlertOctagon, IconStar, IconStarFilled, IconTrash, IconPaperclip, IconArrowBackUp, IconArrowBackUpDouble, IconArrowForwardUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useInboxTags, useMessageBody, useSetFlag, useUpdateTags } from '../api';
import type { ComposeIntent } from '../compose/intent';
import { MailFrame } from './MailFrame';

const who = (a: { name: string; address: string }) => (a.name ? `${a.name} <${a.address}>` : a.address);
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Flag buttons of a message; the same actions have keys on the Inbox page (s, u, e, !, #). */
export function FlagButtons({ message }: { message: InboxMessage }) {
  const setFlag = useSetFlag();
  const busy = setFlag.isPending;
  const button = (label: string, icon: React.ReactNode, run: () => void, active = false) => (
    <Tooltip label={label} key={label}>
      <ActionIcon variant={active ? 'light' : 'subtle'} aria-label={label} onClick={run} disabled={busy}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap">
      {button(message.isFavorite ? 'Remove from favorites (s)' : 'Add to favorites (s)', message.isFavorite ? <IconStarFilled size={18} /> : <IconStar size={18} />, () => setFlag.mutate({ message, action: 'markAsFavorite', value: !message.isFavorite }), message.isFavorite)}
      {button(message.isRead ? 'Mark as unread (u)' : 'Mark as read (u)', message.isRead ? <IconMail size={18} /> : <IconMailOpened size={18} />, () => setFlag.mutate({ message, action: 'markAsRead', value: !message.isRead }))}
      {button(message.isArchived ? 'Move to inbox (e)' : 'Archive (e)', <IconArchive size={18} />, () => setFlag.mutate({ message, action: 'markAsArchived', value: !message.isArchived }), message.isArchived)}
      {button(message.isSpam ? 'Not spam (!)' : 'Mark as spam (!)', <IconAlertOctagon size={18} />, () => setFlag.mutate({ message, action: 'markAsSpam', value: !message.isSpam }), message.isSpam)}
      {button(message.isDeleted ? 'Restore (#)' : 'Delete (#)', <IconTrash size={18} />, () => setFlag.mutate({ message, action: 'markAsDeleted', value: !message.isDeleted }), message.isDeleted)}
    </Group>
  );
}

function Tags({ message }: { message: InboxMessage }) {
  const known = useInboxTags();
  const update = useUpdateTags();
  return (
    <TagsInput
      size="xs"
      label="Tags"
      placeholder="Add a tag and press Enter"
      data={known.data ?? []}
      value={message.tags}
      onChange={(tags) => update.mutate({ id: message._id, tags })}
      error={update.error?.message}
      disabled={update.isPending}
      splitChars={[',', ' ']}
    />
  );
}

type AnswerKind = Exclude<ComposeIntent['kind'], 'new'>;

/** Reply, reply all and forward under a message; the Inbox page has them on r, a and f. */
function AnswerButtons({ message, onAnswer }: { message: InboxMessage; onAnswer: (kind: AnswerKind, message: InboxMessage) => void }) {
  const others = message.to.length + message.cc.length > 1;
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => onAnswer('reply', message)}>
        Reply
      </Button>
      {others && (
        <Button size="xs" variant="default" leftSection={<IconArrowBackUpDouble size={16} />} onClick={() => onAnswer('replyAll', message)}>
          Reply all
        </Button>
      )}
      <Button size="xs" variant="default" leftSection={<IconArrowForwardUp size={16} />} onClick={() => onAnswer('forward', message)}>
        Forward
      </Button>
    </Group>
  );
}

/** One message of a thread, opened: headers, the sanitized body, attachments, flags and tags. */
export function MessageView({ message, onAnswer }: { message: InboxMessage; onAnswer?: (kind: AnswerKind, message: InboxMessage) => void }) {
  const [showImages, setShowImages] = useState(false);
  const body = useMessageBody(message._id, showImages);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{who(message.from)}</Text>
            <Text size="xs" c="dimmed">
              To {message.to.map(who).join(', ') || '—'}
              {message.cc.length > 0 ? ` · Cc ${message.cc.map(who).join(', ')}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {message.date ? new Date(message.date).toLocaleString() : ''}
            </Text>
          </div>
          <FlagButtons message={message} />
        </Group>
        {body.isPending && <Loader size="sm" />}
        {body.error && <Alert color="red">{body.error.message}</Alert>}
        {body.data && body.data.blockedImages > 0 && !showImages && (
          <Alert color="gray" variant="light" p="xs">
            <Group justify="space-between">
              <Text size="sm">
                {body.data.blockedImages} remote image{body.data.blockedImages === 1 ? ' is' : 's are'} hidden, so the sender cannot tell you opened this mail.
              </Text>
              <Button size="xs" variant="default" onClick={() => setShowImages(true)}>
                Show images
              </Button>
            </Group>
          </Alert>
        )}
        {body.data && <MailFrame messageId={message._id} showImages={showImages} title={`Message: ${message.subject || '(no subject)'}`} />}
        {message.attachments.length > 0 && (
          <Group gap="xs">
            {message.attachments.map((a) => (
              <Badge key={a.index} variant="outline" leftSection={<IconPaperclip size={12} />} style={{ textTransform: 'none' }}>
                <Anchor href={`/api/v1/mail/gmail/message/${message._id}/attachments/${a.index}`} download={a.filename} size="xs">
                  {a.filename} ({size(a.size)})
                </Anchor>
              </Badge>
            ))}
          </Group>
        )}
        <Tags message={message} />
        {onAnswer && <AnswerButtons message={message} onAnswer={onAnswer} />}
      </Stack>
    </Paper>
  );
}
