import { BILLING_MESSAGES, CANCELLATION_REASONS, type CancellationReason } from '@leadline/shared/billing/schemas';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconDiscount2 } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useApplyDiscount, useCancelSubscription } from '../api';

/**
 * Cancel Plan (spec §4, §5, §9): step 1 a reason ('Other' reveals details), step 2 the
 * retention offer, 'Cancel plan' or 'Get 50% OFF'. A trial reads Cancel Trial / Cancel Free Trial.
 */
export function CancelPlanDialog({ opened, onClose, trialing, canDiscount }: { opened: boolean; onClose: () => void; trialing: boolean; canDiscount: boolean }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [details, setDetails] = useState('');
  const cancel = useCancelSubscription();
  const discount = useApplyDiscount();
  const title = trialing ? 'Cancel Trial' : 'Cancel Plan';
  const confirmLabel = trialing ? 'Cancel Free Trial' : 'Cancel plan';

  const close = () => {
    setStep(1);
    setReason(null);
    setDetails('');
    onClose();
  };

  const onCancel = () =>
    reason &&
    cancel.mutate(
      { reason, ...(reason === 'Other' && details.trim() ? { details: details.trim() } : {}) },
      {
        onSuccess: () => {
          notify.success(BILLING_MESSAGES.cancelled);
          close();
        },
        // spec §8: the server's message if present.
        onError: (error) => notify.error(isApiError(error) && error.message ? error.message : BILLING_MESSAGES.cancelFailed),
      },
    );

  const onDiscount = () =>
    discount.mutate(undefined, {
      onSuccess: () => {
        notify.success(BILLING_MESSAGES.discountApplied);
        close();
      },
      onError: (error) => notify.error(isApiError(error) && error.status === 409 ? BILLING_MESSAGES.discountAlreadyApplied : BILLING_MESSAGES.discountFailed),
    });

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" centered>
      {step === 1 ? (
        <Stack gap="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Step 1 of 2
          </Text>
          <Text size="sm">Why do you want to cancel?</Text>
          <Radio.Group value={reason} onChange={(v) => setReason(v as CancellationReason)} aria-label="Reason for cancelling">
            <Stack gap="xs">
              {CANCELLATION_REASONS.map((r) => (
                <Radio key={r} value={r} label={r} />
              ))}
            </Stack>
          </Radio.Group>
          {reason === 'Other' && <Textarea label="Details" placeholder="Tell us more" autosize minRows={3} maxLength={2000} value={details} onChange={(e) => setDetails(e.currentTarget.value)} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep my plan
            </Button>
            <Button onClick={() => setStep(2)} disabled={!reason}>
              Next
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" align="stretch">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Step 2 of 2
          </Text>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light">
              <IconDiscount2 size={22} />
            </ThemeIcon>
            <div>
              <Title order={4}>Before you go: 50% off your next billing cycle</Title>
              <Text size="sm" c="dimmed">
                Stay with us and your next invoice is half price.
              </Text>
            </div>
          </Group>
          {!canDiscount && (
            <Alert color="gray" variant="light">
              The discount applies to a paid plan; a free trial has nothing to discount yet.
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => setStep(1)}>
              Back
            </Button>
            <Group gap="sm">
              <Button variant="outline" color="red" onClick={onCancel} loading={cancel.isPending}>
                {confirmLabel}
              </Button>
              <Button onClick={onDiscount} loading={discount.isPending} disabled={!canDiscount}>
                Get 50% OFF
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
