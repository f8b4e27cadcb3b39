import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconFileUpload } from '@tabler/icons-react';
import { CompanyUploadDialog } from '../components/CompanyUploadDialog';
import { ListsTable } from '../components/ListsTable';
import { UploadCsvDialog } from '../components/UploadCsvDialog';
import { useTour } from '../../onboarding/tours/use-tour';

/** /prospects/lists (spec §2): every list of the team, and the uploads that make new ones. */
export function ListsPage() {
  const [csvOpened, csvDialog] = useDisclosure(false);
  const [companiesOpened, companiesDialog] = useDisclosure(false);
  useTour('prospect-lists', { ready: true });
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h3">
          Prospect Lists
        </Title>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={csvDialog.open} data-tour="lists-upload-csv">
            Upload CSV
          </Button>
          <Button variant="default" leftSection={<IconBuildingSkyscraper size={16} />} onClick={companiesDialog.open} data-tour="lists-upload-companies">
            Upload companies
          </Button>
        </Group>
      </Group>
      <div data-tour="lists-table">
        <ListsTable onUploadCsv={csvDialog.open} onUploadCompanies={companiesDialog.open} />
      </div>
      <UploadCsvDialog opened={csvOpened} onClose={csvDialog.close} />
      <CompanyUploadDialog opened={companiesOpened} onClose={companiesDialog.close} />
    </Stack>
  );
}
