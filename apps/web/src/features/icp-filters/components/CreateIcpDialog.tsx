import {
  COMPANY_SIZES,
  DEPARTMENTS,
  ICP_FILTER_LABELS,
  ICP_MESSAGES,
  ICP_NAME_MAX,
  IcpName,
  JOB_LEVELS,
  hasIcpFilterValue,
  toLabel,
  toOptions,
  type IcpFilterKey,
  type IcpFilters,
} from '@leadline/shared';
import { Alert, Button, Group, Modal, MultiSelect, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useCreateIcp, useIcps } from '../api';

type Values = Record<IcpFilterKey, string[]>;
const EMPTY: Values = { job_title_levels: [], job_title_role: [], location_country: [], industry: [], job_company_size: [] };

/** Fixed vocabularies pick from a list; location and industry take what the user types. */
const CHOICES: Partial<Record<IcpFilterKey, Array<{ label: string; value: string }>>> = {
  job_title_levels: toOptions(JOB_LEVELS),
  job_title_role: toOptions(DEPARTMENTS),
  job_company_size: COMPANY_SIZES.map((value) => ({ label: value, value })),
};

const toFilters = (values: Values): IcpFilters =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, list]) => list.length > 0)
      .map(([key, list]) => [key, list.map((v) => ({ label: toLabel(v), value: v.trim().toLowerCase(), status: 'include' as const }))]),
  );

/** spec/settings.md §5 "ICP": a name (≤ 75, not taken in any case) and at least one filter value. */
export function CreateIcpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const icps = useIcps();
  const create = useCreateIcp();
  const [name, setName] = useState('');
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);

  const trimmed = name.trim();
  const taken = (icps.data ?? []).some((i) => i.name.toLowerCase() === trimmed.toLowerCase());
  const duplicate = taken || (isApiError(create.error) && create.error.status === 409);
  const nameError = duplicate
    ? ICP_MESSAGES.duplicate
    : submitted && !trimmed
      ? ICP_MESSAGES.nameRequired
      : trimmed.length > ICP_NAME_MAX
        ? ICP_MESSAGES.nameTooLong
        : null;
  const filters = toFilters(values);
  const filterError = submitted && !hasIcpFilterValue(filters) ? ICP_MESSAGES.filterRequired : null;

  const close = () => {
    setName('');
    setValues(EMPTY);
    setSubmitted(false);
    create.reset();
    onClose();
  };

  const submit = () => {
    setSubmitted(true);
    // IcpName and hasIcpFilterValue are IcpCreateBody's rules without its filter schema, which would
    // pull the whole filter model into the search screen's first load (scripts/bundle-budget.mjs).
    const checkedName = IcpName.safeParse(name);
    if (!checkedName.success || !hasIcpFilterValue(filters) || taken) return;
    create.mutate({ name: checkedName.data, filters }, {
      onSuccess: () => {
        notify.success(ICP_MESSAGES.created);
        close();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) return; // shown under the name
        notify.error(ICP_MESSAGES.createFailed);
      },
    });
  };

  const set = (key: IcpFilterKey) => (list: string[]) => setValues((v) => ({ ...v, [key]: list }));

  return (
    <Modal opened={opened} onClose={close} title="Create ICP" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput label="Name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} maxLength={ICP_NAME_MAX + 1} />
          {(Object.keys(ICP_FILTER_LABELS) as IcpFilterKey[]).map((key) => {
            const choices = CHOICES[key];
            return choices ? (
              <MultiSelect key={key} label={ICP_FILTER_LABELS[key]} data={choices} value={values[key]} onChange={set(key)} searchable clearable />
            ) : (
              <TagsInput key={key} label={ICP_FILTER_LABELS[key]} value={values[key]} onChange={set(key)} placeholder="Type and press Enter" />
            );
          })}
          {filterError && <Alert color="red">{filterError}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={duplicate}>
              Save ICP
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
