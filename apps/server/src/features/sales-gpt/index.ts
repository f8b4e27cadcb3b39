/** SalesGPT's public surface: the sales tools (search, count, save to list, account summary, enrich a list, draft a campaign) that Agents reuse. */
export { runSalesTool, SALES_TOOLS, salesToolSpecs, type SalesTool, type ToolOutcome } from './sales-tools.js';
