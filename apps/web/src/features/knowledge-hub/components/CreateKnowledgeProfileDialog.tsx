import { KNOWLEDGE_LIMITS, KNOWLEDGE_MESSAGES, knowledgeAttachmentKind } from '@leadline/shared';
import { Alert, Button, Checkbox, FileButton, Group, Modal, Stack, Stepper, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { readAttachment, useCreateKnowledgeProfile } from '../api';
import { RootUrlInput, type RootUrlDraft } from './RootUrlInput';

type Attachment = { filename: string; text: string; isCompetitor: boolean };

/** spec/settings.md §4-§5: step 1 name and website URLs, step 2 context and .pdf/.docx attachments. */
export function CreateKnowledgeProfileDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateKnowledgeProfile();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [rootUrls, setRootUrls] = useState<RootUrlDraft[]>([]);
  const [context, setContext] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [reading, setReading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  const reset = () => {
    setStep(0);
    setName('');
    setRootUrls([]);
    setContext('');
    setAttachments([]);
    setFileError(null);
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const addFiles = async (files: File[]) => {
    setFileError(null);
    setReading(true);
    try {
      for (const file of files) {
        if (attachments.some((a) => a.filename === file.name)) continue; // duplicates by name are skipped
        if (!knowledgeAttachmentKind(file.name)) {
          setFileError(`Not supported file type: .${file.name.split('.').pop() ?? ''}`);
          continue;
        }
        if (file.size > KNOWLEDGE_LIMITS.attachmentMaxBytes) {
          setFileError('File size should be less than 5 MB');
          continue;
        }
        try {
          const read = await readAttachment(file);
          setAttachments((list) => [...list, { ...read, isCompetitor: false }]);
        } catch (error) {
          setFileError((error as Error).message);
        }
      }
    } finally {
      setReading(false);
    }
  };

  const submit = () => {
    const additionalInfo = [
      // Context text is included only if non-blank.
      ...(context.trim() ? [{ text: context, filename: null, isCompetitor: false }] : []),
      ...attachments.map((a) => ({ text: a.text, filename: a.filename, isCompetitor: a.isCompetitor })),
    ];
    create.mutate(
      { profileName: name.trim(), rootUrls, additionalInfo },
      {
        onSuccess: () => {
          notify.success(KNOWLEDGE_MESSAGES.createStarted);
          close();
        },
        onError: () => notify.error(KNOWLEDGE_MESSAGES.createFailed),
      },
    );
  };

  const canNext = name.trim() !== '' && rootUrls.length > 0;

  return (
    <Modal opened={opened} onClose={close} title="Create Knowledge Profile" size="xl">
      <Stepper active={step} size="sm">
        <Stepper.Step label="Profile" description="Name and websites">
          <Stack mt="md">
            <TextInput label="Profile name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={KNOWLEDGE_LIMITS.profileNameMax} />
            <RootUrlInput value={rootUrls} onChange={setRootUrls} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Context" description="Text and attachments">
          <Stack mt="md">
            <Textarea label="Additional context" description="What you sell, to whom, and how you differ" autosize minRows={4} maxRows={12} value={context} onChange={(e) => setContext(e.currentTarget.value)} />
            <Group>
              <FileButton onChange={(files) => void addFiles(files)} accept=".pdf,.docx" multiple>
                {(props) => (
                  <Button variant="default" loading={reading} {...props}>
                    Attach .pdf or .docx
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                Up to 5 MB each
              </Text>
            </Group>
            {fileError && <Alert color="red">{fileError}</Alert>}
            {attachments.length > 0 && (
              <Table>
                <Table.Tbody>
                  {attachments.map((a) => (
                    <Table.Tr key={a.filename}>
                      <Table.Td>{a.filename}</Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed">
                          {a.text.length.toLocaleString('en-US')} characters
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Checkbox size="xs" label="Competitor" checked={a.isCompetitor} onChange={(e) => setAttachments((list) => list.map((x) => (x.filename === a.filename ? { ...x, isCompetitor: e.currentTarget.checked } : x)))} />
                      </Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setAttachments((list) => list.filter((x) => x.filename !== a.filename))}>
                          Remove
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="flex-end" mt="lg">
        {step === 0 ? (
          <>
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => setStep(1)} disabled={!canNext}>
              Next
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={() => setStep(0)}>
              Back
            </Button>
            <Button onClick={submit} loading={create.isPending} disabled={reading}>
              Create
            </Button>
          </>
        )}
      </Group>
    </Modal>
  );
}
