import { Button, Group, type MantineSpacing, type StyleProp } from '@mantine/core';

type DialogFooterProps = {
  onCancel: () => void;
  /** Called by Save; without it, Save submits the dialog's form. */
  onSave?: () => void;
  saving?: boolean;
  /** Save is off (Cancel never is). */
  disabled?: boolean;
  mt?: StyleProp<MantineSpacing>;
};

/** A dialog's Cancel and Save buttons, at its bottom right. */
export function DialogFooter({ onCancel, onSave, saving, disabled, mt }: DialogFooterProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} loading={saving} disabled={disabled}>
        Save
      </Button>
    </Group>
  );
}
