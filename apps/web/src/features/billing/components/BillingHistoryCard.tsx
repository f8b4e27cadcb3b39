import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import { Alert, Anchor, Badge, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useBillingHistory } from '../api';
import { dollars, longDate } from '../format';

/** Billing history (spec §3 Invoice): description, date, status and a link to the invoice. */
export function BillingHistoryCard() {
  const history = useBillingHistory(true);
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Billing history">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          Billing history
        </Title>
        {history.isPending ? (
          <Loader size="sm" />
        ) : history.isError ? (
          <Alert color="red">{BILLING_MESSAGES.historyLoadFailed}</Alert>
        ) : history.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No invoices yet.
          </Text>
        ) : (
          <Table verticalSpacing="sm" aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((inv) => (
                <Table.Tr key={inv.id}>
                  <Table.Td>{inv.description}</Table.Td>
                  <Table.Td>{longDate(inv.date)}</Table.Td>
                  <Table.Td ta="right">{dollars(inv.amount)}</Table.Td>
                  <Table.Td>
                    <Badge color={inv.status === 'paid' ? 'teal' : 'gray'} variant="light">
                      {inv.status === 'paid' ? 'Paid' : inv.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {inv.link_to_invoice && (
                      <Anchor href={inv.link_to_invoice} target="_blank" rel="noreferrer" size="sm">
                        View invoice
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
