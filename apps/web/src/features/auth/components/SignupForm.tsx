import { MESSAGES, SignupBody } from '@leadline/shared';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useZodForm } from '../../../lib/form';
import { isPendingSignup, useSignup } from '../api';

type SignupFormProps = {
  /** Signing up from an invitation link: the address is the invited one and no company is asked. */
  invitation?: { token: string; email: string };
  onSignedIn: () => void;
};

export function SignupForm({ invitation, onSignedIn }: SignupFormProps) {
  const signup = useSignup();
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  const form = useZodForm(SignupBody, {
    name: '',
    email: invitation?.email ?? '',
    password: '',
    companyName: '',
    ...(invitation ? { inviteToken: invitation.token } : {}),
  });

  const submit = form.onSubmit((body) =>
    signup.mutate(body, {
      onSuccess: (answer) => (isPendingSignup(answer) ? setCheckEmail(answer.data.email) : onSignedIn()),
      onError: form.showServerError,
    }),
  );

  if (checkEmail) {
    return (
      <Alert color="teal" variant="light" role="status" title="Check your inbox">
        <Text size="sm">{MESSAGES.checkEmail}</Text>
        <Text size="sm" mt="xs">
          The link went to <b>{checkEmail}</b> and works for 24 hours. Your trial credits arrive when you open it.
        </Text>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Full name" autoComplete="name" autoFocus {...form.getInputProps('name')} />
        <TextInput label="Work email" type="email" autoComplete="email" readOnly={Boolean(invitation)} {...form.getInputProps('email')} />
        <PasswordInput label="Password" description="At least 8 characters" autoComplete="new-password" {...form.getInputProps('password')} />
        {!invitation && <TextInput label="Company name" autoComplete="organization" {...form.getInputProps('companyName')} />}
        {form.formError && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        <Button type="submit" loading={signup.isPending} fullWidth mt="xs">
          {invitation ? 'Create account and join' : 'Create account'}
        </Button>
      </Stack>
    </form>
  );
}
