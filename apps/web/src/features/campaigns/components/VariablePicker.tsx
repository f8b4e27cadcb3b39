import { Button, Popover, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CAMPAIGN_VARIABLES } from '@leadline/shared/campaigns/index';
import { useState } from 'react';

/** The token for a variable, with its fallback (braces dropped: they would end the token). */
export const variableToken = (name: string, fallback: string) => {
  const text = fallback.replace(/[{}]/g, '').trim();
  return text ? `{{${name}|${text}}}` : `{{${name}}}`;
};

/**
 * Picks a variable the server's renderer knows, with an optional fallback for leads without a
 * value, and hands its token to `onInsert` (which puts it at the cursor). Keyboard: the button
 * opens it, Tab moves through the fallback and the variables, Enter inserts, Escape closes.
 */
export function VariablePicker({ label, onInsert }: { label: string; onInsert: (token: string) => void }) {
  const [opened, setOpened] = useState(false);
  const [fallback, setFallback] = useState('');
  const insert = (name: string) => {
    setOpened(false);
    onInsert(variableToken(name, fallback));
    setFallback('');
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus returnFocus={false} position="bottom-end" shadow="md" width={320}>
      <Popover.Target>
        <Button size="compact-xs" variant="light" onClick={() => setOpened((o) => !o)} aria-label={label} aria-haspopup="dialog" aria-expanded={opened}>
          {'{{ }}'} Variable
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={label}>
        <Stack gap="xs">
          <TextInput size="xs" label="Fallback when the lead has no value" placeholder="e.g. there" value={fallback} onChange={(e) => setFallback(e.currentTarget.value)} data-autofocus />
          <Text size="xs" c="dimmed">
            Insert
          </Text>
          <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
            {CAMPAIGN_VARIABLES.map((name) => (
              <Button key={name} size="compact-xs" variant="default" onClick={() => insert(name)} styles={{ inner: { justifyContent: 'flex-start' } }}>
                {name}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
