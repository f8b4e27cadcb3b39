import { SELF_SERVE_PLANS } from '@leadline/shared';
import { Table, Text } from '@mantine/core';

const credits = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'));

/** The side panel's plan credit comparison (hobby, solopreneur, startup), spec/engage.md §2. */
export function PlanComparison() {
  return (
    <Table withTableBorder verticalSpacing={6} fz="sm" aria-label="Plan credits">
      <Table.Caption>Credits included in each billing cycle</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Plan</Table.Th>
          <Table.Th ta="right">Monthly</Table.Th>
          <Table.Th ta="right">Yearly</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {SELF_SERVE_PLANS.map((plan) => (
          <Table.Tr key={plan.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {plan.name}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{credits(plan.monthly?.credits)}</Table.Td>
            <Table.Td ta="right">{credits(plan.yearly?.credits)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
