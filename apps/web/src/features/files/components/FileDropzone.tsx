import { ACCEPTED_FILE_EXTENSIONS } from '@leadline/shared';
import { Alert, Group, Paper, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { useFileUpload } from '../use-file-upload';

const formatSize = (bytes: number) =>
  bytes >= 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`;

type FileDropzoneProps = {
  upload: ReturnType<typeof useFileUpload>;
  /** What the file should hold, shown under the drop area. */
  hint?: string;
};

/**
 * A drop area and file picker for .csv, .xls and .xlsx files up to 1 GiB. The chosen file is
 * checked here first (type, size), then sent at once with a progress bar.
 */
export function FileDropzone({ upload, hint }: FileDropzoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) upload.choose(file);
  };

  return (
    <Stack gap="sm">
      <UnstyledButton
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-describedby={hintId}
        disabled={upload.uploading}
      >
        <Paper
          withBorder
          radius="md"
          p="xl"
          style={{
            borderStyle: 'dashed',
            borderWidth: 2,
            borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
            background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
          }}
        >
          <Stack align="center" gap={6}>
            <IconUpload size={32} stroke={1.5} aria-hidden />
            <Text fw={600}>Drag a file here or click to choose one</Text>
            <Text size="sm" c="dimmed" id={hintId}>
              {ACCEPTED_FILE_EXTENSIONS.join(', ')} files, up to 1 GiB.{hint ? ` ${hint}` : ''}
            </Text>
          </Stack>
        </Paper>
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="Choose a file"
        accept={ACCEPTED_FILE_EXTENSIONS.join(',')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so choosing the same file again still counts as a change.
          event.currentTarget.value = '';
          if (file) upload.choose(file);
        }}
      />
      {upload.file && !upload.error && (
        <Stack gap={4} data-testid="chosen-file">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} wrap="nowrap" miw={0}>
              <IconFileSpreadsheet size={18} stroke={1.6} aria-hidden />
              <Text size="sm" fw={500} truncate>
                {upload.file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatSize(upload.file.size)}
              </Text>
            </Group>
            {upload.uploaded ? (
              <Group gap={4} wrap="nowrap">
                <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
                <Text size="sm" c="teal" role="status">
                  Uploaded · {upload.uploaded.rowCount.toLocaleString('en-US')} {upload.uploaded.rowCount === 1 ? 'row' : 'rows'}
                </Text>
              </Group>
            ) : (
              <Text size="sm" c="dimmed" role="status">
                Uploading… {Math.round(upload.progress * 100)}%
              </Text>
            )}
          </Group>
          <Progress
            value={Math.round(upload.progress * 100)}
            color={upload.uploaded ? 'teal' : undefined}
            animated={upload.uploading}
            aria-label="Upload progress"
          />
        </Stack>
      )}
      {upload.error && (
        <Alert color="red" variant="light" role="alert">
          {upload.error}
        </Alert>
      )}
    </Stack>
  );
}
