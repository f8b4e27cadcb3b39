import { COMPLIANCE_MESSAGES } from '@leadline/shared/campaigns/tracking';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { usePostalAddress, useSavePostalAddress } from '../api';

/** Company tab: the sender postal address every campaign email ends with (CAN-SPAM). */
export function PostalAddressForm() {
  const saved = usePostalAddress();
  // Keyed by the saved address, so the field starts from it once it has loaded.
  return <AddressCard key={saved.data ?? ''} saved={saved.data ?? ''} loading={saved.isPending} />;
}

function AddressCard({ saved, loading }: { saved: string; loading: boolean }) {
  const save = useSavePostalAddress();
  const [value, setValue] = useState(saved);

  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(value, {
            onSuccess: () => notify.success(COMPLIANCE_MESSAGES.postalAddressSaved),
            onError: (e) => notify.error(isApiError(e) ? e.message : COMPLIANCE_MESSAGES.noPostalAddress),
          });
        }}
      >
        <Stack gap="sm" maw={480}>
          <Title order={3} fz="h4">
            Sender postal address
          </Title>
          <Text size="sm" c="dimmed">
            Added to the footer of every campaign email, as anti-spam laws such as CAN-SPAM require.
          </Text>
          <Textarea label="Postal address" placeholder={'Acme Inc.\n1 Market Street\nSan Francisco, CA 94105\nUnited States'} autosize minRows={3} maxRows={6} value={value} onChange={(e) => setValue(e.currentTarget.value)} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={loading || value.trim() === saved}>
              Save address
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
