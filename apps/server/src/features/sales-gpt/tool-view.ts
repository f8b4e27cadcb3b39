import type { SalesGptToolName, ToolResultView } from '@leadline/shared';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';

export type ToolOutcome = {
  view: ToolResultView;
  /** What the model reads back. Text someone else wrote is inside `untrusted()` quotes. */
  modelText: string;
  /** The answer holds quoted text from outside (emails, pages): no tool may run for the rest of the answer. */
  quotesUntrusted: boolean;
};

export type SalesTool<A = any> = {
  name: SalesGptToolName;
  description: string;
  parameters: z.ZodType<A>;
  /** It spends credits or changes data: run it only after the user confirms. */
  needsConfirmation: boolean;
  /**
   * One line for the confirm card. It may read (a list's size, an estimate) but never spends or
   * changes anything; a refusal (an unknown list) is the tool's answer instead of a card.
   */
  describe(args: A, ctx: AppContext, actor: Actor): string | Promise<string>;
  run(ctx: AppContext, actor: Actor, args: A): Promise<ToolOutcome>;
};

export const emptyView = (tool: SalesGptToolName): ToolResultView => ({
  tool,
  filters: null,
  total: null,
  totalIsLowerBound: false,
  rows: [],
  list: null,
  summary: null,
  enrichment: null,
  campaign: null,
});
