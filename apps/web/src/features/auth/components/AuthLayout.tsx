import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/BrandMark';

type AuthLayoutProps = { title: string; footer: ReactNode; children: ReactNode };

export function AuthLayout({ title, footer, children }: AuthLayoutProps) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-default-hover)">
      <Stack w="100%" maw={420} gap="lg">
        <BrandMark />
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={2} fz="h3" mb="lg">
            {title}
          </Title>
          {children}
        </Paper>
        <Text ta="center" size="sm" c="dimmed">
          {footer}
        </Text>
      </Stack>
    </Center>
  );
}
