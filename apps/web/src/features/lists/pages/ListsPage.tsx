import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconFileUpload } from '@tabler/icons-react';
import { CompanyUploadDialog } from '../components/CompanyUploadDialog';
import { ListsTable } from '../components/ListsTable';
import { UploadCsvDialog } from '../components/UploadCsvDialog';

/** /prospects/lists (spec §2): every list of the team, and the uploads that make new ones. */
export function ListsPage() {
  const [csvOpened, csvDialog] = useDisclosure(false);
  const [companiesOpened, companiesDialog] = useDisclosure(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h3">
          Prospect Lists
        </Title>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={csvDialog.open}>
            Upload CSV
          </Button>
          <Button variant="default" leftSection={<IconBuildingSkyscraper size={16} />} onClick={companiesDialog.open}>
            Upload companies
          </Button>
        </Group>
      </Group>
      <ListsTable onUploadCsv={csvDialog.open} onUploadCompanies={companiesDialog.open} />
      <UploadCsvDialog opened={csvOpened} onClose={csvDialog.close} />
      <CompanyUploadDialog opened={companiesOpened} onClose={companiesDialog.close} />
    </Stack>
  );
}
