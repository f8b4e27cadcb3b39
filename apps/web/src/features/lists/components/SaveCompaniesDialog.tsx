import { COMPANY_LIST_MESSAGES, LISTS_MESSAGES } from '@leadline/shared';
import { Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../lib/notify';
import { saveListFailure } from '../api';
import { useSaveCompaniesToList, type CompanyPick } from '../company-api';
import { listTargetOf } from '../list-choice';
import { ListChoiceInput, useListChoice } from './ListChoiceInput';

type SaveCompaniesDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The companies chosen on the Companies tab (null: none). */
  pick: CompanyPick | null;
  onSaved?: () => void;
};

const pickCount = (pick: CompanyPick | null) => (pick === null ? 0 : pick.kind === 'ids' ? pick.ids.length : pick.count);

/** "Save to list" for companies: pick one of the team's company lists or type a new name. */
export function SaveCompaniesDialog({ opened, onClose, pick, onSaved }: SaveCompaniesDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const list = useListChoice('companyList', opened, () => setError(null));
  const save = useSaveCompaniesToList();
  const count = pickCount(pick);

  const close = () => {
    list.reset();
    setError(null);
    save.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pick || count === 0) return setError(COMPANY_LIST_MESSAGES.noCompanySelected);
    const { error: listError, target } = listTargetOf(list.choice);
    if (listError) return setError(listError);
    if (!target) return;
    save.mutate(
      { pick, target: 'existingListId' in target ? { listId: target.existingListId } : { name: target.newListName } },
      {
        onSuccess: ({ changed }) => {
          notify.success(LISTS_MESSAGES.companiesAdded(changed));
          onSaved?.();
          close();
        },
        onError: (failure) => notify.error(saveListFailure(failure)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Save to list">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {pick?.kind === 'first'
              ? `The first ${count.toLocaleString('en-US')} companies of this search.`
              : count === 1
                ? '1 company selected.'
                : `${count.toLocaleString('en-US')} companies selected.`}
          </Text>
          <ListChoiceInput {...list.input} label="Company list" error={error === LISTS_MESSAGES.listRequired ? error : null} />
          {error === COMPANY_LIST_MESSAGES.noCompanySelected && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <DialogFooter onCancel={close} saving={save.isPending} disabled={list.choice.kind === 'pending'} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
