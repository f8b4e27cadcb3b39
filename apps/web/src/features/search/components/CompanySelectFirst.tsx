import { MAX_IDS_PER_CALL } from '@leadline/shared';
import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { NumberInput } from '../../../components/NumberInput';
import { IconListCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

type CompanySelectFirstProps = {
  /** Companies the search found (a lower bound beyond the exact count). */
  total: number;
  onSelect: (count: number) => void;
};

/** "Select N" on the Companies tab: the first N companies of the search, beyond the page on screen. */
export function CompanySelectFirst({ total, onSelect }: CompanySelectFirstProps) {
  const most = Math.max(1, Math.min(total, MAX_IDS_PER_CALL));
  const [opened, setOpened] = useState(false);
  const [count, setCount] = useState<number | string>(Math.min(100, most));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Math.floor(Number(count));
    if (!Number.isFinite(n) || n < 1) return;
    onSelect(Math.min(n, most));
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button size="compact-sm" variant="subtle" leftSection={<IconListCheck size={14} />} onClick={() => setOpened((o) => !o)} disabled={total === 0}>
          Select first…
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit} aria-label="Select the first companies">
          <Stack gap="xs">
            <NumberInput
              label="Companies to select"
              description={`From the top of this search, up to ${most.toLocaleString('en-US')}.`}
              min={1}
              max={most}
              clampBehavior="strict"
              thousandSeparator=","
              allowDecimal={false}
              value={count}
              onChange={setCount}
              w={220}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button size="xs" type="submit">
                Select
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The selection line of the Companies tab when "select N" is on. */
export function FirstCompaniesNote({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <Group gap={6}>
      <Text size="sm" data-testid="selection-count">
        First {count.toLocaleString('en-US')} selected
      </Text>
      <Button size="compact-xs" variant="subtle" color="gray" onClick={onClear}>
        Clear
      </Button>
    </Group>
  );
}
