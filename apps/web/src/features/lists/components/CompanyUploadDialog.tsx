import { COMPANY_FILE_HEADER, LISTS_MESSAGES } from '@leadline/shared';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { FileDropzone } from '../../files/components/FileDropzone';
import { useFileUpload } from '../../files/use-file-upload';
import { listPath, useCompanyUpload } from '../api';
import { ListChoiceInput, useListChoice } from './ListChoiceInput';

type CompanyUploadDialogProps = { opened: boolean; onClose: () => void };

/** Spec §2 "Company list upload": a file of company names into a new or existing company list. */
export function CompanyUploadDialog({ opened, onClose }: CompanyUploadDialogProps) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useFileUpload();
  const { choice, names } = useListChoice('companyList', name, opened);
  const send = useCompanyUpload();

  const close = () => {
    setName('');
    setError(null);
    upload.reset();
    send.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!upload.uploaded) return setError('Choose a file of company names first.');
    if (choice.kind === 'none') return setError(LISTS_MESSAGES.listRequired);
    if (choice.kind === 'pending') return;
    send.mutate(
      {
        attachedFileInfo: { _id: upload.uploaded._id },
        ...(choice.kind === 'existing' ? { existingListId: choice.list._id } : { listTitle: choice.name }),
      },
      {
        onSuccess: ({ list, added }) => {
          notify.success(LISTS_MESSAGES.companiesAdded(added));
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
          <ListChoiceInput
            entityType="companyList"
            label="Company list"
            value={name}
            onChange={(value) => {
              setName(value);
              setError(null);
            }}
            choice={choice}
            names={names}
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending} disabled={upload.uploading || choice.kind === 'pending'}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
