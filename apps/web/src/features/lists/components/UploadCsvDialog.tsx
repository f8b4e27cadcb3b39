import { LISTS_MESSAGES, MESSAGES, PROSPECT_FILE_HEADERS, prospectFileProblem } from '@leadline/shared';
import { Alert, Button, Group, Modal, Stack, Stepper, Switch } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { FileDropzone } from '../../files/components/FileDropzone';
import { useFileUpload } from '../../files/use-file-upload';
import { listPath, useUploadToList } from '../api';
import { listTargetOf } from '../list-choice';
import { ListChoiceInput, useListChoice } from './ListChoiceInput';

type UploadCsvDialogProps = { opened: boolean; onClose: () => void };

const HEADERS_HINT = `A 'Full Name' column is required; also read: ${PROSPECT_FILE_HEADERS.filter((h) => h !== 'Full Name').join(', ')}.`;

/** What the server's refusal means to the user: its message when it names the file or list, else the spec's. */
function uploadFailure(error: unknown): { inline: string } | { toast: string } {
  if (isApiError(error) && error.status === 400) return { inline: error.fieldMessage };
  if (isApiError(error) && error.status === 402) return { toast: MESSAGES.insufficientCredits };
  return { toast: LISTS_MESSAGES.uploadToListFailed };
}

/** Spec §2 "Upload CSV": step 1 sends the file, step 2 picks the list and the fill-missing toggle. */
export function UploadCsvDialog({ opened, onClose }: UploadCsvDialogProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [fillMissing, setFillMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = useFileUpload(prospectFileProblem);
  const list = useListChoice('contactList', opened && step === 1, () => setError(null));
  const importFile = useUploadToList();

  const close = () => {
    setStep(0);
    list.reset();
    setFillMissing(false);
    setError(null);
    upload.reset();
    importFile.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!upload.uploaded) return setStep(0);
    const { error: listError, target } = listTargetOf(list.choice);
    if (listError) return setError(listError);
    if (!target) return;
    importFile.mutate(
      {
        attachedFileInfo: { _id: upload.uploaded._id },
        ...('existingListId' in target ? target : { listTitle: target.newListName }),
        useRawFileData: !fillMissing,
      },
      {
        onSuccess: ({ list }) => {
          notify.success(LISTS_MESSAGES.csvUploaded);
          close();
          void navigate(listPath(list));
        },
        onError: (failure) => {
          const shown = uploadFailure(failure);
          if ('inline' in shown) setError(shown.inline);
          else notify.error(shown.toast);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload CSV" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={setStep}>
            <Stepper.Step label="File" description="Choose a file">
              <Stack mt="md">
                <FileDropzone upload={upload} hint={HEADERS_HINT} />
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="List" description="Choose where it goes">
              <Stack mt="md">
                <ListChoiceInput {...list.input} />
                <Switch
                  label="Fill missing fields from our database"
                  description="When a row matches a person in our database (by LinkedIn URL, or by full name and company), its empty fields are filled in. Values in your file are never replaced. Off: the file is imported exactly as it is."
                  checked={fillMissing}
                  onChange={(event) => setFillMissing(event.currentTarget.checked)}
                />
                {error && (
                  <Alert color="red" variant="light" role="alert">
                    {error}
                  </Alert>
                )}
              </Stack>
            </Stepper.Step>
          </Stepper>
          <Group justify="flex-end" mt="sm">
            {step === 0 ? (
              <>
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                {/* Keys keep React from turning this very button into the submit button mid-click. */}
                <Button key="next" onClick={() => setStep(1)} disabled={!upload.uploaded}>
                  Next
                </Button>
              </>
            ) : (
              <>
                <Button
                  variant="default"
                  onClick={() => {
                    setError(null);
                    setStep(0);
                  }}
                >
                  Back
                </Button>
                <Button key="submit" type="submit" loading={importFile.isPending} disabled={list.choice.kind === 'pending'}>
                  Upload
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
