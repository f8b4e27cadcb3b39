import { COMPOSE_LIMITS, COMPOSE_MESSAGES, type InboxMessage } from '@leadline/shared';
import { Badge, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';

export const formatSize = (bytes: number) => (bytes >= 1024 ** 2 ? `${Number((bytes / 1024 ** 2).toFixed(1))} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * The files of a draft: added by the picker or dropped anywhere on the dialog, checked against
 * the message's limits as they come; a forward starts with the original's attachments, which
 * can be taken off.
 */
export function useAttachments(original: InboxMessage['attachments']) {
  const [files, setFiles] = useState<File[]>([]);
  const [forwarded, setForwarded] = useState<number[]>(original.map((a) => a.index));
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement | null>(null);
  const forwardedBytes = original.filter((a) => forwarded.includes(a.index)).reduce((sum, a) => sum + a.size, 0);
  const totalBytes = forwardedBytes + files.reduce((sum, f) => sum + f.size, 0);

  const add = (incoming: File[]) => {
    let total = totalBytes;
    let count = files.length + forwarded.length;
    const accepted: File[] = [];
    let refusal: string | null = null;
    for (const file of incoming) {
      if (count + 1 > COMPOSE_LIMITS.attachments) refusal = COMPOSE_MESSAGES.tooManyAttachments;
      else if (total + file.size > COMPOSE_LIMITS.attachmentBytes) refusal = `${file.name} (${formatSize(file.size)}) was not added: ${COMPOSE_MESSAGES.attachmentsTooLarge}`;
      else {
        accepted.push(file);
        total += file.size;
        count += 1;
      }
    }
    setFiles((current) => [...current, ...accepted]);
    setError(refusal);
  };

  const pick = () => picker.current?.click();
  /** The hidden file input the picker opens; render it once in the dialog. */
  const input = (
    <input
      ref={picker}
      type="file"
      multiple
      hidden
      aria-label="Choose files to attach"
      onChange={(event) => {
        add([...(event.currentTarget.files ?? [])]);
        // Cleared so choosing the same file again still counts as a change.
        event.currentTarget.value = '';
      }}
    />
  );

  const dropTarget = {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      // The editor took it (an image dropped on the text).
      if (event.defaultPrevented) return setDragging(false);
      if (!event.dataTransfer.files.length) return;
      event.preventDefault();
      setDragging(false);
      add([...event.dataTransfer.files]);
    },
  };

  return {
    files,
    forwarded,
    error,
    dragging,
    totalBytes,
    add,
    pick,
    input,
    dropTarget,
    remove: (file: File) => (setFiles((current) => current.filter((f) => f !== file)), setError(null)),
    removeForwarded: (index: number) => (setForwarded((current) => current.filter((i) => i !== index)), setError(null)),
  };
}

type AttachmentsState = ReturnType<typeof useAttachments>;

export function AttachmentList({ attachments, original, disabled, error }: { attachments: AttachmentsState; original: InboxMessage | null; disabled: boolean; error?: string | undefined }) {
  const kept = original?.attachments.filter((a) => attachments.forwarded.includes(a.index)) ?? [];
  const chip = (key: string, name: string, bytes: number, onRemove: () => void) => (
    <Badge
      key={key}
      variant="light"
      color="gray"
      size="lg"
      radius="sm"
      leftSection={<IconPaperclip size={14} />}
      rightSection={<CloseButton size="xs" aria-label={`Remove ${name}`} onClick={onRemove} disabled={disabled} />}
      style={{ textTransform: 'none', fontWeight: 500, maxWidth: 320 }}
    >
      <Text span size="xs" truncate maw={220} style={{ verticalAlign: 'middle' }}>
        {name}
      </Text>{' '}
      <Text span size="xs" c="dimmed">
        {formatSize(bytes)}
      </Text>
    </Badge>
  );
  const problem = error ?? attachments.error;
  if (kept.length === 0 && attachments.files.length === 0 && !problem) return null;
  return (
    <Stack gap={4} data-testid="compose-attachments">
      <Group gap="xs">
        {kept.map((a) => chip(`fwd-${a.index}`, a.filename, a.size, () => attachments.removeForwarded(a.index)))}
        {attachments.files.map((f, i) => chip(`file-${i}-${f.name}`, f.name, f.size, () => attachments.remove(f)))}
      </Group>
      <Text size="xs" c="dimmed">
        {formatSize(attachments.totalBytes)} of {formatSize(COMPOSE_LIMITS.attachmentBytes)}
      </Text>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
