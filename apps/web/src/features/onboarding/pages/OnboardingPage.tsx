import { isBehindStep, isOnboarding, ONBOARDING_FINISHED, ONBOARDING_MESSAGES, ONBOARDING_STEPS, onboardingStepIndex } from '@leadline/shared';
import { Box, Paper, Stepper } from '@mantine/core';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api';
import { useSaveOnboardingStep } from '../api';
import { CompanyStep } from '../components/CompanyStep';
import { IntegrationsStep } from '../components/IntegrationsStep';
import { PlanStep } from '../components/PlanStep';
import { PowerUpsStep } from '../components/PowerUpsStep';
import { SidePanel } from '../components/SidePanel';
import classes from './OnboardingPage.module.css';

const STEP_LABELS = ['Select plan', 'Create company', 'Integrations', 'Power-ups'];
const COMPANY = 1;

/** /onboarding: the steps of spec/engage.md §2 for a new owner; anyone else goes to the app. */
export function OnboardingPage() {
  const { user } = useCurrentUser();
  if (!isOnboarding(user.onboardingStep)) return <Navigate to="/" replace />;
  return <Onboarding />;
}

function Onboarding() {
  const { user } = useCurrentUser();
  const saved = onboardingStepIndex(user.onboardingStep);
  const [active, setActive] = useState(saved);
  // Steps between the company step and the saved one are done; the plan step is there to go back to.
  const [completed, setCompleted] = useState<ReadonlySet<number>>(() => new Set(Array.from({ length: Math.max(0, saved - COMPANY) }, (_, i) => COMPANY + i)));
  // The furthest step the server has for the user: any step up to it may be opened again.
  const reached = onboardingStepIndex(user.onboardingStep);
  const saveStep = useSaveOnboardingStep();
  const [launching, setLaunching] = useState(false);

  /** Skip (spec §4): moves on, marks the step complete, saves the step only if the user is behind it. */
  const moveOn = () => {
    const next = active + 1;
    setCompleted((done) => new Set(done).add(active));
    setActive(next);
    const step = ONBOARDING_STEPS[next];
    if (step && isBehindStep(user.onboardingStep, step)) saveStep.mutate(step);
  };

  const launch = () => {
    setLaunching(true);
    saveStep.mutate(ONBOARDING_FINISHED, {
      onSuccess: () => window.location.reload(),
      onError: () => {
        setLaunching(false);
        notify.error(ONBOARDING_MESSAGES.launchFailed);
      },
    });
  };

  return (
    <div className={classes.layout}>
      <aside className={classes.side} aria-label="Welcome">
        <SidePanel />
      </aside>
      <main className={classes.main}>
        <Paper className={classes.card} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stepper
            active={active}
            onStepClick={setActive}
            allowNextStepsSelect={false}
            size="sm"
            classNames={{ steps: classes.steps }}
          >
            {STEP_LABELS.map((label, index) => (
              <Stepper.Step
                key={label}
                label={label}
                allowStepSelect={index === 0 || index <= Math.max(active, reached) || completed.has(index)}
                // Going on with the trial chooses no plan: the plan step never shows a check mark.
                {...(index === 0 ? { completedIcon: 1 } : {})}
              />
            ))}
          </Stepper>
          <Box mt="xl">
            {active === 0 && <PlanStep onContinue={() => setActive(COMPANY)} />}
            {active === 1 && (
              <CompanyStep
                onSaved={() => {
                  setCompleted((done) => new Set(done).add(COMPANY));
                  setActive(2);
                }}
              />
            )}
            {active === 2 && <IntegrationsStep onBack={() => setActive(COMPANY)} onNext={moveOn} />}
            {active === 3 && <PowerUpsStep onBack={() => setActive(2)} onLaunch={launch} launching={launching} />}
          </Box>
        </Paper>
      </main>
    </div>
  );
}
