import type { TourId } from '@leadline/shared';
import { driver, type Driver, type PopoverDOM } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tours.css';
import { TOUR_STEPS } from './tour-steps';

export type TourController = {
  /** Ends the tour without recording it (the screen went away). */
  stop(): void;
  /** Reopens a tour paused before its results steps, at the first of them. */
  resume(): void;
};

/** A popover a keyboard and a screen reader can use: a labelled dialog with focus on its main button. */
function makeAccessible(popover: PopoverDOM) {
  popover.wrapper.setAttribute('role', 'dialog');
  popover.wrapper.setAttribute('aria-label', popover.title.textContent ?? 'Tour');
  popover.closeButton.setAttribute('aria-label', 'Skip tour');
  popover.closeButton.title = 'Skip tour';
  // driver.js focuses the popover's first control (the close button) right after this hook.
  queueMicrotask(() => popover.nextButton.focus({ preventScroll: true }));
}

/**
 * Runs a tour with driver.js. Finishing it (Done) or skipping it (the close button, Escape, a
 * click outside) calls `onDone` once; arrow keys move between steps. A step marked
 * `afterResults` is not shown before `hasResults()`: the tour closes there, unrecorded, and
 * `resume()` reopens it at that step.
 */
export function runTour(tourId: TourId, options: { onDone: () => void; hasResults?: () => boolean }): TourController | null {
  const steps = TOUR_STEPS[tourId];
  if (!steps?.length) return null;
  let quiet = false; // a destroy of ours, not the user's: not recorded
  let finished = false;
  // Recorded where the user ends the tour, not only in onDestroyed: driver.js calls onDestroyed
  // only once a step has finished moving into place, so Done or Escape pressed during a step's
  // transition (a loaded machine, a resize, a resumed tour) would close it unrecorded.
  const finish = () => {
    if (finished) return;
    finished = true;
    options.onDone();
  };
  let pausedAt: number | null = null;

  const closeQuietly = (instance: Driver) => {
    quiet = true;
    instance.destroy();
    quiet = false;
  };

  const instance = driver({
    popoverClass: 'leadline-tour',
    showProgress: true,
    progressText: '{{current}} of {{total}}',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Done',
    allowKeyboardControl: true,
    smoothScroll: true,
    stagePadding: 6,
    stageRadius: 8,
    overlayOpacity: 0.45,
    steps: steps.map((step) => ({
      element: step.element,
      popover: { title: step.title, description: step.description, ...(step.side ? { side: step.side } : {}) },
    })),
    onPopoverRender: makeAccessible,
    onNextClick: (_element, _step, { driver: tour }) => {
      if (!tour.hasNextStep()) {
        finish();
        return tour.destroy();
      }
      const next = (tour.getActiveIndex() ?? 0) + 1;
      if (steps[next]?.afterResults && options.hasResults && !options.hasResults()) {
        pausedAt = next;
        return closeQuietly(tour);
      }
      tour.moveNext();
    },
    // Escape, the close button and a click outside: the user skips the tour.
    onDestroyStarted: (_element, _step, { driver: tour }) => {
      finish();
      tour.destroy();
    },
    onDestroyed: () => {
      if (!quiet) finish();
    },
  });
  instance.drive();

  return {
    stop: () => {
      pausedAt = null;
      if (instance.isActive()) closeQuietly(instance);
    },
    resume: () => {
      if (pausedAt === null || instance.isActive()) return;
      const at = pausedAt;
      pausedAt = null;
      instance.drive(at);
    },
  };
}
