import { COMPOSE_MESSAGES } from '@leadline/shared';
import { TagsInput } from '@mantine/core';
import { checkAddresses } from './draft';

type AddressFieldProps = {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** What is typed but not yet a pill: kept so Send takes it too. */
  typed: string;
  onTyped: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** The invalid address of a field, as the server would word it, or undefined. */
export function addressError(value: string[], typed: string): string | undefined {
  const { invalid } = checkAddresses([...value, ...(typed.trim() ? [typed] : [])]);
  return invalid[0] ? COMPOSE_MESSAGES.badAddress(invalid[0]) : undefined;
}

/** To, Cc or Bcc: addresses as pills (Enter, comma, semicolon or space ends one), checked as typed. */
export function AddressField({ label, value, onChange, typed, onTyped, error, disabled, autoFocus }: AddressFieldProps) {
  const problem = error ?? addressError(value, '');
  return (
    <TagsInput
      label={label}
      aria-label={label}
      value={value}
      onChange={(next) => onChange(next.map((v) => v.trim()).filter(Boolean))}
      searchValue={typed}
      onSearchChange={onTyped}
      splitChars={[',', ';', ' ']}
      acceptValueOnBlur
      clearable={false}
      error={problem}
      disabled={disabled}
      autoFocus={autoFocus}
      data-autofocus={autoFocus || undefined}
      styles={{ label: { minWidth: 36 } }}
      size="sm"
    />
  );
}
