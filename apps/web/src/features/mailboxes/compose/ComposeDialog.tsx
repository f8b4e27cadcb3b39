import { COMPOSE_LIMITS, COMPOSE_MESSAGES, type EmailAccount } from '@leadline/shared';
import { Alert, Anchor, Box, Button, Group, Kbd, Loader, Modal, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { mailKeys, useMessageBody } from '../api';
import { AddressField, addressError } from './AddressField';
import { AttachmentList, useAttachments } from './Attachments';
import { checkAddresses, initialDraft, type Draft } from './draft';
import type { ComposeIntent } from './intent';
import { useInlineImages } from './inline-images';
import { MessageEditor, useMessageEditor } from './MessageEditor';
import { sendMessage } from './send-mail';

type ComposeDialogProps = { opened: boolean; intent: ComposeIntent | null; accounts: EmailAccount[]; onClose: () => void };
type CloseRequest = { current: () => void };

const TITLES = { new: 'New message', reply: 'Reply', replyAll: 'Reply all', forward: 'Forward' } as const;
const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const SEND_KEYS = IS_MAC ? '⌘ + Enter' : 'Ctrl + Enter';

/**
 * The composer (spec/engage.md §2 Inbox, §9 editor): new mail, reply, reply all and forward.
 * The draft lives while the dialog is open; closing a draft with something in it asks first.
 * Ctrl/Cmd + Enter sends from any field, Esc closes.
 */
export function ComposeDialog({ opened, intent, accounts, onClose }: ComposeDialogProps) {
  const answering = intent && intent.kind !== 'new' ? intent.message : null;
  const original = useMessageBody(answering?._id ?? '', false, answering !== null);
  const ready = intent !== null && (!answering || original.data !== undefined || original.error !== null);
  // The close button asks the composer, which confirms before dropping a draft.
  const closeRequestRef = useRef<() => void>(onClose);
  return (
    <Modal
      opened={opened && intent !== null}
      onClose={() => closeRequestRef.current()}
      title={intent ? TITLES[intent.kind] : ''}
      size={880}
      closeOnEscape={false}
      closeOnClickOutside={false}
      trapFocus
      returnFocus
      padding="md"
    >
      {intent && !ready && <Loader size="sm" aria-label="Loading the message" />}
      {intent && ready && (
        <Composer
          key={`${intent.kind}:${answering?._id ?? ''}`}
          intent={intent}
          accounts={accounts}
          draft={initialDraft(intent, accounts, original.data?.text ?? '')}
          onClose={onClose}
          closeRequestRef={closeRequestRef}
        />
      )}
    </Modal>
  );
}

type FieldErrors = Partial<Record<'from' | 'to' | 'cc' | 'bcc' | 'subject' | 'attachments', string>>;

function Composer({ intent, accounts, draft, onClose, closeRequestRef }: { intent: ComposeIntent; accounts: EmailAccount[]; draft: Draft; onClose: () => void; closeRequestRef: CloseRequest }) {
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(draft.from);
  const [to, setTo] = useState(draft.to);
  const [cc, setCc] = useState(draft.cc);
  const [bcc, setBcc] = useState(draft.bcc);
  const [typed, setTyped] = useState({ to: '', cc: '', bcc: '' });
  const [showCopies, setShowCopies] = useState(draft.cc.length > 0);
  const [subject, setSubject] = useState(draft.subject);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const discardRef = useRef<HTMLButtonElement>(null);
  const attachments = useAttachments(intent.kind === 'forward' ? intent.message.attachments : []);
  const answerFirst = draft.to.length > 0 && intent.kind !== 'new';
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const inline = useInlineImages(setImageProblem);
  const editor = useMessageEditor(draft.html, () => attachments.pick(), answerFirst, inline.insert);
  const sending = progress !== null;
  const usable = accounts.filter((a) => a.isConnected && a.isActive);

  const dirty = () =>
    // An AI draft is written text, even before the user touches it.
    (intent.kind !== 'new' && Boolean(intent.body?.trim())) ||
    subject !== draft.subject ||
    to.join() !== draft.to.join() ||
    cc.join() !== draft.cc.join() ||
    bcc.length > 0 ||
    Object.values(typed).some((v) => v.trim()) ||
    attachments.files.length > 0 ||
    (editor !== null && editor.getHTML() !== draft.html && !editor.isEmpty);

  const requestClose = () => {
    if (sending) return;
    if (!dirty()) return onClose();
    setConfirming(true);
  };
  // Discard takes the focus once it is on screen, so Enter confirms and Esc or Tab goes back.
  useEffect(() => {
    if (confirming) discardRef.current?.focus();
  }, [confirming]);

  const send = async () => {
    if (sending || !editor) return;
    setConfirming(false);
    const lists = { to: checkAddresses([...to, typed.to]), cc: checkAddresses([...cc, typed.cc]), bcc: checkAddresses([...bcc, typed.bcc]) };
    const found: FieldErrors = {
      to: addressError(to, typed.to),
      cc: addressError(cc, typed.cc),
      bcc: addressError(bcc, typed.bcc),
      ...(from ? {} : { from: 'Choose the mailbox to send from.' }),
      ...(attachments.error ? { attachments: attachments.error } : {}),
    };
    if (attachments.totalBytes + inline.bytes(editor) > COMPOSE_LIMITS.attachmentBytes) found.attachments = COMPOSE_MESSAGES.attachmentsTooLarge;
    if (lists.to.valid.length + lists.cc.valid.length + lists.bcc.valid.length === 0 && !found.to) found.to = COMPOSE_MESSAGES.noRecipient;
    setTo(lists.to.valid.concat(lists.to.invalid));
    setCc(lists.cc.valid.concat(lists.cc.invalid));
    setBcc(lists.bcc.valid.concat(lists.bcc.invalid));
    setTyped({ to: '', cc: '', bcc: '' });
    if (lists.cc.valid.length + lists.bcc.valid.length + lists.cc.invalid.length + lists.bcc.invalid.length > 0) setShowCopies(true);
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;
    const body = inline.prepare(editor.isEmpty ? '' : editor.getHTML());
    setProgress(0);
    try {
      await sendMessage(
        {
          from,
          to: lists.to.valid,
          cc: lists.cc.valid,
          bcc: lists.bcc.valid,
          subject: subject.trim(),
          html: body.html,
          inlineImages: body.images,
          sendType: intent.kind === 'new' ? 'new' : intent.kind === 'forward' ? 'forward' : 'reply',
          replyToId: intent.kind === 'new' ? undefined : intent.message._id,
          forwardAttachments: intent.kind === 'forward' ? attachments.forwarded : undefined,
          attachments: attachments.files,
        },
        setProgress,
      );
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ['mail', 'thread'] });
      void queryClient.invalidateQueries({ queryKey: mailKeys.accounts });
      notify.success('Message sent', `${subject.trim() || '(no subject)'} · from ${from}`);
      onClose();
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      const message = error instanceof Error ? (isApiError(error) ? error.fieldMessage : error.message) : String(error);
      if (field && ['from', 'to', 'cc', 'bcc', 'subject', 'attachments'].includes(field)) setErrors({ [field]: message });
      else setFailure(message);
      setProgress(null);
    }
  };

  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.stopPropagation();
      void send();
    }
  };
  // Bubbling, so an open menu or the link popover handles its own Esc first.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const target = event.target as HTMLElement;
    // The editor's own keymap claims Esc (select the parent node); the composer still closes on it.
    if (event.defaultPrevented && !target.closest('.ProseMirror')) return;
    if (target.closest('.mantine-Popover-dropdown') || target.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    if (confirming) setConfirming(false);
    else requestClose();
  };
  useEffect(() => {
    closeRequestRef.current = requestClose;
    return () => {
      closeRequestRef.current = onClose;
    };
  });

  return (
    <Box onKeyDownCapture={onKeyDownCapture} onKeyDown={onKeyDown} {...attachments.dropTarget} pos="relative">
      {attachments.dragging && (
        <Box
          pos="absolute"
          inset={0}
          style={{ zIndex: 10, border: '2px dashed var(--mantine-primary-color-filled)', borderRadius: 8, background: 'color-mix(in srgb, var(--mantine-primary-color-light) 85%, transparent)', display: 'grid', placeItems: 'center', pointerEvents: 'none' }}
        >
          <Text fw={600}>Drop files to attach them</Text>
        </Box>
      )}
      {attachments.input}
      <Stack gap="xs">
        <Select
          label="From"
          data={usable.map((a) => ({ value: a.emailAddress, label: a.name ? `${a.name} <${a.emailAddress}>` : a.emailAddress }))}
          value={from}
          onChange={(v) => setFrom(v ?? '')}
          allowDeselect={false}
          disabled={intent.kind === 'reply' || intent.kind === 'replyAll'}
          description={intent.kind === 'reply' || intent.kind === 'replyAll' ? 'A reply goes out from the mailbox that received the message, so it stays in its thread.' : undefined}
          error={errors.from}
          size="sm"
        />
        <Box pos="relative">
          <AddressField label="To" value={to} onChange={setTo} typed={typed.to} onTyped={(v) => setTyped((t) => ({ ...t, to: v }))} error={errors.to} autoFocus={draft.to.length === 0} />
          {!showCopies && (
            <Anchor component="button" type="button" size="sm" pos="absolute" top={0} right={0} onClick={() => setShowCopies(true)}>
              Cc / Bcc
            </Anchor>
          )}
        </Box>
        {showCopies && (
          <Group grow align="flex-start">
            <AddressField label="Cc" value={cc} onChange={setCc} typed={typed.cc} onTyped={(v) => setTyped((t) => ({ ...t, cc: v }))} error={errors.cc} />
            <AddressField label="Bcc" value={bcc} onChange={setBcc} typed={typed.bcc} onTyped={(v) => setTyped((t) => ({ ...t, bcc: v }))} error={errors.bcc} />
          </Group>
        )}
        <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={COMPOSE_LIMITS.subjectLength} error={errors.subject} size="sm" data-autofocus={draft.to.length > 0 && intent.kind === 'new' ? true : undefined} />
        <MessageEditor editor={editor} onAttach={attachments.pick} onImages={(files) => editor && inline.insert(editor, files)} disabled={sending} autoFocus={answerFirst} />
        {imageProblem && (
          <Text size="sm" c="red" role="alert">
            {imageProblem}
          </Text>
        )}
        <AttachmentList attachments={attachments} original={intent.kind === 'forward' ? intent.message : null} disabled={sending} error={errors.attachments} />
        {failure && (
          <Alert color="red" variant="light" role="alert" title="The message was not sent">
            {failure}
          </Alert>
        )}
        {sending && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed" role="status">
              {progress < 1 ? `Sending… ${Math.round(progress * 100)}%` : 'Handing the message to the mail server…'}
            </Text>
            <Progress value={Math.round(progress * 100)} animated aria-label="Sending progress" />
          </Stack>
        )}
        {confirming ? (
          <Alert color="orange" variant="light" role="alertdialog" aria-label="Discard this draft?">
            <Group justify="space-between">
              <Text size="sm">Discard this draft? What you wrote and attached will be lost.</Text>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  Keep editing
                </Button>
                <Button size="xs" color="red" ref={discardRef} onClick={onClose}>
                  Discard
                </Button>
              </Group>
            </Group>
          </Alert>
        ) : (
          <Group justify="space-between">
            <Group gap="xs">
              <Button leftSection={<IconSend size={16} />} onClick={() => void send()} loading={sending} disabled={!editor}>
                Send
              </Button>
              <Text size="xs" c="dimmed">
                <Kbd size="xs">{SEND_KEYS}</Kbd> sends · <Kbd size="xs">Esc</Kbd> closes
              </Text>
            </Group>
            <Button variant="subtle" color="gray" leftSection={<IconTrash size={16} />} onClick={requestClose} disabled={sending}>
              Discard
            </Button>
          </Group>
        )}
      </Stack>
    </Box>
  );
}
