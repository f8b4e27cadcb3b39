import type { TourId } from '@leadline/shared';

export type TourStep = {
  /** A CSS selector of the element the step points at. */
  element: string;
  title: string;
  description: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** The step points into search results: the tour pauses before it until results arrive. */
  afterResults?: boolean;
};

const tour = (id: string) => `[data-tour="${id}"]`;

/**
 * The steps of each tour (spec/engage.md §2 gives their counts; the spec leaves their words to us).
 * A step whose element is absent (Insights' columns before any campaign exists) shows centred.
 */
export const TOUR_STEPS: Record<TourId, TourStep[]> = {
  'prospect-lists': [
    { element: tour('lists-upload-csv'), title: 'Upload a file of prospects', description: 'A CSV, XLS or XLSX file with names, companies or LinkedIn URLs becomes a new list.', side: 'bottom' },
    { element: tour('lists-upload-companies'), title: 'Or a list of companies', description: 'Upload company names or domains to build a company list.', side: 'bottom' },
    { element: tour('lists-table'), title: 'Your lists', description: 'Every list of your team. Open one to enrich it, push it to your CRM or download it.', side: 'top' },
  ],
  'list-detail': [
    { element: tour('list-enrich'), title: 'Enrich the list', description: 'Find work emails, personal emails and phones for the whole list, or only the rows you select. Only accurate matches are charged.', side: 'bottom' },
    { element: tour('list-crm-push'), title: 'Push to your CRM', description: 'Send the list, or the selected prospects, to HubSpot or Salesforce.', side: 'bottom' },
  ],
  'prospect-search': [
    { element: '[aria-label="Search filters"]', title: 'Describe who you are looking for', description: 'Job level, department, location, industry, company size and more. Each filter can include or exclude values.', side: 'right' },
    { element: tour('search-run'), title: 'Search', description: 'Press Search (or Enter in a filter). The tour goes on when the results are here.', side: 'top' },
    { element: tour('search-results'), title: 'Your results', description: 'People who match, with their title, company and location. Tick the rows you want to work with.', side: 'top', afterResults: true },
    { element: tour('search-actions'), title: 'Save and enrich', description: 'Save the selected people to a list, enrich their emails and phones, or push them to your CRM.', side: 'bottom', afterResults: true },
    { element: '[aria-label="Results view"]', title: 'People or companies', description: 'Switch to the companies behind your results, and save them to a company list.', side: 'bottom', afterResults: true },
  ],
  'new-campaign': [
    { element: tour('campaign-mode'), title: 'AI generated or basic', description: 'Write the sequence yourself, or let AI draft it once an AI provider is connected.', side: 'bottom' },
    { element: tour('campaign-basics'), title: 'Who gets it, and when', description: 'Pick the lists to write to, the mailboxes that send, the sending days and hours, and how many emails go out a day.', side: 'bottom' },
    { element: tour('campaign-sequence'), title: 'Write the sequence', description: 'Emails and follow-ups with their delays. Variables such as {{firstName|there}} fill in each lead; a follow-up without a subject replies in the same thread.', side: 'bottom' },
    { element: tour('campaign-actions'), title: 'Create, then launch', description: 'Next walks through the steps. The campaign is saved as a draft: launch it from its page when you are ready.', side: 'top' },
  ],
  insights: [
    { element: tour('insights-header'), title: 'Compare your campaigns', description: 'Every campaign of your team side by side, with what it sent and how people answered.', side: 'bottom' },
    { element: tour('insights-table'), title: 'Rates that compare', description: 'Open, click, reply and bounce rates are shares of the emails each campaign sent, so a small campaign compares with a large one.', side: 'top' },
    { element: tour('insights-sort'), title: 'Sort by what matters', description: 'Click a column to rank your campaigns by it; click again to turn the order round.', side: 'bottom' },
    { element: tour('insights-campaigns'), title: 'Act on it', description: 'Open a campaign for its funnel per step, or go to all campaigns to pause, resume or duplicate one.', side: 'left' },
  ],
};
