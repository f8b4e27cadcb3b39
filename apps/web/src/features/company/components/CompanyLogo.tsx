import { COMPANY_MESSAGES, LOGO_MAX_BYTES } from '@leadline/shared';
import { Avatar, FileButton, Group, Button, Text } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api';
import { useUploadLogo } from '../api';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];

/** The company logo with its upload button; the server checks the content again and re-encodes it. */
export function CompanyLogo() {
  const { user } = useCurrentUser();
  const upload = useUploadLogo();

  const choose = (file: File | null) => {
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type) || !/\.(jpe?g|png)$/i.test(file.name)) return notify.error(COMPANY_MESSAGES.logoType);
    if (file.size >= LOGO_MAX_BYTES) return notify.error(COMPANY_MESSAGES.logoSize);
    upload.mutate(file, { onError: (error) => notify.error(error.message) });
  };

  return (
    <Group gap="md">
      <Avatar src={user.logoUrl} name={user.companyName} color="initials" radius="md" size={64} alt={`${user.companyName} logo`} />
      <div>
        <FileButton onChange={choose} accept="image/png,image/jpeg">
          {(props) => (
            <Button variant="default" size="xs" loading={upload.isPending} {...props}>
              Upload logo
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" mt={4}>
          JPG, JPEG or PNG, less than 5MB.
        </Text>
      </div>
    </Group>
  );
}
