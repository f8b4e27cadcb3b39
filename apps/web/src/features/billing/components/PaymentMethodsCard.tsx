import { BILLING_MESSAGES, type PaymentMethod } from '@leadline/shared/billing/schemas';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { fetchSetupSecret, usePaymentMethods, useRemoveCard, useSetDefaultCard } from '../api';
import { EmbeddedCheckoutPanel } from './EmbeddedCheckoutPanel';

const brand = (b: string) => b.charAt(0).toUpperCase() + b.slice(1);
const expiry = (m: PaymentMethod) => `${String(m.card.exp_month).padStart(2, '0')}/${String(m.card.exp_year).slice(-2)}`;

/** The team's cards: the default for invoices, set another as default, remove, add one. */
export function PaymentMethodsCard({ publishableKey }: { publishableKey: string | null }) {
  const methods = usePaymentMethods(true);
  const setDefault = useSetDefaultCard();
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);

  const onRemove = (id: string) =>
    remove.mutate(id, {
      onSuccess: () => notify.success(BILLING_MESSAGES.paymentMethodDeleted),
      onError: (error) => notify.error(isApiError(error) && error.status === 409 ? error.message : BILLING_MESSAGES.paymentMethodDeleteFailed),
    });

  return (
    <Card withBorder radius="md" padding="lg" aria-label="Payment methods">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="h4">
            Payment methods
          </Title>
          {!adding && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Add card
            </Button>
          )}
        </Group>
        {adding ? (
          <EmbeddedCheckoutPanel publishableKey={publishableKey} fetchClientSecret={fetchSetupSecret} onBack={() => setAdding(false)} onComplete={() => setAdding(false)} />
        ) : methods.isPending ? (
          <Loader size="sm" />
        ) : methods.isError ? (
          <Alert color="red">{BILLING_MESSAGES.paymentMethodsLoadFailed}</Alert>
        ) : methods.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No card on file yet. A card is saved when you buy a plan or credits, or with Add card.
          </Text>
        ) : (
          <Table verticalSpacing="sm" aria-label="Cards">
            <Table.Tbody>
              {methods.data.map((m) => {
                const isDefault = m.customer.invoice_settings.default_payment_method === m.id;
                return (
                  <Table.Tr key={m.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <IconCreditCard size={20} stroke={1.5} aria-hidden />
                        <Text fw={500}>
                          {brand(m.card.brand)} •••• {m.card.last4}
                        </Text>
                        <Text size="sm" c="dimmed">
                          Expires {expiry(m)}
                        </Text>
                        {isDefault && (
                          <Badge size="sm" variant="light">
                            Default
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {!isDefault && (
                          <Button size="xs" variant="subtle" onClick={() => setDefault.mutate(m.id, { onSuccess: () => notify.success(BILLING_MESSAGES.paymentMethodUpdated) })}>
                            Make default
                          </Button>
                        )}
                        <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(m.id)} loading={remove.isPending && remove.variables === m.id}>
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
