import { LISTS_MESSAGES, type SearchFilters } from '@leadline/shared';
import { Modal, Stack, Switch, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { DialogFooter } from '../../../components/DialogFooter';
import { notify } from '../../../lib/notify';
import { saveListFailure, useSaveToList } from '../api';
import { listTargetOf } from '../list-choice';
import { ListChoiceInput, useListChoice } from './ListChoiceInput';

type SaveListDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** People-database ids of the selected search rows. */
  personIds: string[];
  /** The filters of the search on screen, kept by a dynamic list. */
  filters: SearchFilters;
};

const NO_SELECTION = 'Select at least one prospect to save.';

/** Spec §2 "Save List": pick one of the team's lists or type a new name; needs a selection. */
export function SaveListDialog({ opened, onClose, personIds, filters }: SaveListDialogProps) {
  const [dynamic, setDynamic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useListChoice('contactList', opened, () => setError(null));
  const save = useSaveToList('search');

  const close = () => {
    list.reset();
    setDynamic(false);
    setError(null);
    save.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (personIds.length === 0) return setError(NO_SELECTION);
    const { error: listError, target } = listTargetOf(list.choice);
    if (listError) return setError(listError);
    if (!target) return;
    save.mutate(
      { personIds, target: 'existingListId' in target ? { listId: target.existingListId } : { name: target.newListName, isDynamic: dynamic, filters } },
      {
        onSuccess: () => {
          notify.success(LISTS_MESSAGES.prospectsSaved);
          close();
        },
        onError: (failure) => notify.error(saveListFailure(failure)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Save List">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {personIds.length === 1 ? '1 prospect selected.' : `${personIds.length.toLocaleString('en-US')} prospects selected.`}
          </Text>
          <ListChoiceInput {...list.input} error={error === LISTS_MESSAGES.listRequired ? error : null} />
          {list.choice.kind === 'new' && (
            <Switch
              label="Keep this list updated with new matches"
              description="People who start matching the current search filters are added to the list when it is refreshed."
              checked={dynamic}
              onChange={(event) => setDynamic(event.currentTarget.checked)}
            />
          )}
          {error === NO_SELECTION && (
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
