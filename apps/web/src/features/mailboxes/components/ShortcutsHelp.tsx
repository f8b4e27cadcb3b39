import { Group, Kbd, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

type Shortcut = [keys: string[], what: string];

const INBOX: Shortcut[] = [
  [['c'], 'Compose a new message'],
  [['r'], 'Reply'],
  [['a'], 'Reply all'],
  [['f'], 'Forward'],
  [['j'], 'Next message'],
  [['k'], 'Previous message'],
  [['s'], 'Favorite or not'],
  [['u'], 'Read or unread'],
  [['e'], 'Archive or back to the inbox'],
  [['!'], 'Spam or not'],
  [['#'], 'Delete or restore'],
  [['/'], 'Search'],
  [['Esc'], 'Close the message'],
  [['?'], 'This list'],
];

const COMPOSER: Shortcut[] = [
  [[MOD, 'Enter'], 'Send'],
  [['Esc'], 'Close (asks before dropping a draft)'],
  [[MOD, 'b'], 'Bold'],
  [[MOD, 'i'], 'Italic'],
  [[MOD, 'u'], 'Underline'],
  [[MOD, 'e'], 'Inline code'],
  [[MOD, 'k'], 'Link'],
  [[MOD, 'Shift', '7'], 'Numbered list'],
  [[MOD, 'Shift', '8'], 'Bulleted list'],
  [[MOD, 'Shift', 'l'], 'Align left'],
  [[MOD, 'Shift', 'e'], 'Center'],
  [[MOD, 'Shift', 'r'], 'Align right'],
  [[MOD, 'Shift', 'j'], 'Justify'],
  [[MOD, 'Shift', 'a'], 'Attach files'],
];

function Keys({ title, shortcuts }: { title: string; shortcuts: Shortcut[] }) {
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {title}
      </Title>
      <Table verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {shortcuts.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td style={{ width: 1, whiteSpace: 'nowrap', paddingRight: 16 }}>
                <Group gap={4} wrap="nowrap">
                  {keys.map((k, i) => (
                    <Kbd key={i} size="sm">
                      {k}
                    </Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{what}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The inbox's and the composer's keys (opened with ?). */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size={760}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Keys title="Inbox" shortcuts={INBOX} />
        <Keys title="Writing a message" shortcuts={COMPOSER} />
      </SimpleGrid>
    </Modal>
  );
}
