import { COMPANY_FILE_HEADER, LISTS_MESSAGES } from '@leadline/shared';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { FileDropzone } from '../../files/components/FileDropzone';
import { useFileUpload } from '../../files/use-file-upload';
import { listPath, useCompanyUpload } from '../api';
import { listTargetOf } from '../list-choice';
import { ListChoiceInput, useListChoice } from './ListChoiceInput';

type CompanyUploadDialogProps = { opened: boolean; onClose: () => void };

/** Spec §2 "Company list upload": a file of company names into a new or existing company list. */
export function CompanyUploadDialog({ opened, onClose }: CompanyUploadDialogProps) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const upload = useFileUpload();
  const list = useListChoice('companyList', opened, () => setError(null));
  const send = useCompanyUpload();

  const close = () => {
    list.reset();
    setError(null);
    upload.reset();
    send.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!upload.uploaded) return setError('Choose a file of company names first.');
    const { error: listError, target } = listTargetOf(list.choice);
    if (listError) return setError(listError);
    if (!target) return;
    send.mutate(
      {
        attachedFileInfo: { _id: upload.uploaded._id },
        ...('existingListId' in target ? target : { listTitle: target.newListName }),
      },
      {
        onSuccess: ({ list, added, matched, names, notFound }) => {
          notify.success(LISTS_MESSAGES.companiesAdded(added), LISTS_MESSAGES.companiesMatched(matched, names, notFound));
          close();
          void navigate(listPath(list));
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 400) setError(failure.fieldMessage);
          else notify.error(LISTS_MESSAGES.csvUploadFailed);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload companies" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FileDropzone upload={upload} hint={`One column named '${COMPANY_FILE_HEADER}'.`} />
          <ListChoiceInput {...list.input} label="Company list" />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending} disabled={upload.uploading || list.choice.kind === 'pending'}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
