import { Alert, Button, FileButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { SuppressionImportResult } from '@leadline/shared/campaigns/index';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { importSuppressionsFile, suppressionKeys } from '../suppressions-api';

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** Import a CSV of addresses: progress while it uploads (the server reads as it arrives), then the counts. */
export function SuppressionImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<SuppressionImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = (file: File | null) => {
    if (!file) return;
    setResult(null);
    setError(null);
    setProgress(0);
    importSuppressionsFile(file, setProgress)
      .then((answer) => {
        setResult(answer);
        void queryClient.invalidateQueries({ queryKey: suppressionKeys.all });
      })
      .catch((e: unknown) => setError(isApiError(e) ? e.message : String(e)))
      .finally(() => setProgress(null));
  };
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <FileButton onChange={start} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={progress !== null}>
              Import CSV
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          A column of email addresses, named “email” or first in the file
        </Text>
      </Group>
      {progress !== null && (
        <Stack gap={4} aria-live="polite">
          <Progress value={progress * 100} aria-label="Import progress" />
          <Text size="xs" c="dimmed">
            {progress < 1 ? `Importing… ${Math.round(progress * 100)}%` : 'Saving the last rows…'}
          </Text>
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert" title="The file was not imported" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {result && (
        <Alert color={result.invalid ? 'yellow' : 'teal'} title="Import finished" role="status" withCloseButton onClose={() => setResult(null)}>
          <Text size="sm">
            {count(result.rows, 'row')} read from “{result.column}”: {result.added.toLocaleString('en-US')} added, {count(result.duplicates, 'duplicate')} ignored, {result.invalid.toLocaleString('en-US')} invalid.
          </Text>
          {result.invalidExamples.length > 0 && (
            <List size="xs" mt={4}>
              {result.invalidExamples.map((row) => (
                <List.Item key={row.row}>
                  Row {row.row}: “{row.value}”: {row.reason}
                </List.Item>
              ))}
              {result.invalid > result.invalidExamples.length && <List.Item>and {result.invalid - result.invalidExamples.length} more</List.Item>}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
