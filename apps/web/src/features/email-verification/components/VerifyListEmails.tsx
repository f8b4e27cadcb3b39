import { EMAIL_VALIDATION_COST, VERIFICATION_MESSAGES, type ListDto } from '@leadline/shared';
import { Button, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { JobProgress } from '../../../components/JobProgress';
import { notify } from '../../../lib/notify';
import { listsKeys } from '../../lists/keys';
import { useVerifyList, verifyFailure } from '../api';

/** Verifies the unchecked emails of a list's contacts as a job, with its progress under the button. */
export function VerifyListEmails({ list }: { list: ListDto }) {
  const queryClient = useQueryClient();
  const verify = useVerifyList();
  const [jobId, setJobId] = useState<string | null>(null);
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: listsKeys.all }), [queryClient]);
  return (
    <Stack gap={4} align="flex-end">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconMailCheck size={14} />}
        loading={verify.isPending}
        disabled={list.completionStatus === 'processing' || list.contacts === 0}
        title={`Checks every unverified email of this list: ${EMAIL_VALIDATION_COST} credits per address`}
        onClick={() =>
          verify.mutate(
            { listId: list._id },
            {
              onSuccess: (started) => {
                setJobId(started.jobId);
                notify.success(VERIFICATION_MESSAGES.listStarted(started.emails));
              },
              onError: (error) => notify.error(verifyFailure(error)),
            },
          )
        }
      >
        Verify emails
      </Button>
      {jobId && (
        <div style={{ minWidth: 220 }} data-testid="verify-progress">
          <JobProgress jobId={jobId} onFinished={refetch} />
        </div>
      )}
    </Stack>
  );
}
