import {
  SAVED_SEARCH_DUPLICATE,
  SEARCH_MESSAGES,
  SaveSearchTitleForm,
  isSavedSearchTitleTaken,
  trimAndDropEmpty,
  type SavedSearchDto,
  type SearchFilters,
} from '@leadline/shared';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { isApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSaveSearch, useSavedSearches } from '../api';

type SaveSearchDialogProps = {
  opened: boolean;
  filters: SearchFilters;
  onClose: () => void;
  onSaved: (saved: SavedSearchDto) => void;
};

/** Spec §5: a name is required and must differ, ignoring case, from the other saved searches. */
export function SaveSearchDialog({ opened, filters, onClose, onSaved }: SaveSearchDialogProps) {
  const saved = useSavedSearches();
  const save = useSaveSearch();
  const form = useZodForm(SaveSearchTitleForm, { title: '' });
  const taken = isSavedSearchTitleTaken(
    form.values.title,
    (saved.data ?? []).map((s) => s.title),
  );

  const close = () => {
    form.reset();
    save.reset();
    onClose();
  };

  const submit = form.onSubmit(({ title }) => {
    if (taken) return;
    save.mutate(
      { title, filters: trimAndDropEmpty(filters) },
      {
        onSuccess: (search) => {
          notify.success(SEARCH_MESSAGES.searchSaved);
          onSaved(search);
          close();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) return; // shown under the name
          notify.error(SEARCH_MESSAGES.saveFiltersFailed);
        },
      },
    );
  });

  const duplicate = taken || (isApiError(save.error) && save.error.status === 409);
  const titleInput = form.getInputProps('title');

  return (
    <Modal opened={opened} onClose={close} title="Save search">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            placeholder="e.g. US engineering directors"
            data-autofocus
            required
            {...titleInput}
            onChange={(event) => {
              save.reset();
              titleInput.onChange(event);
            }}
          />
          {duplicate && (
            <Alert color="orange" variant="light" role="alert">
              {SAVED_SEARCH_DUPLICATE}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={duplicate}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
