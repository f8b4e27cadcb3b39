import type { ExtraColumnSource } from '../lists/index.js';
import { answersOf, researchAgentsOfList } from './agents.repository.js';

/**
 * A research agent's answers as a column of the list it targets: headed by the agent's name,
 * described by its question. Only the list's own team's agents count, so another team's agent
 * never shows, whatever its list_id says.
 */
export const researchAnswerColumns: ExtraColumnSource = {
  async columnsOf(db, list) {
    const agents = await researchAgentsOfList(db, list.team_id, list.id);
    return agents.map((a) => ({ key: a.id, title: a.name, description: a.instructions }));
  },
  async cellsOf(db, columns, contactIds) {
    const rows = await answersOf(db, columns.map((c) => c.key), contactIds);
    return rows.map((r) => ({ key: r.agent_id, contactId: r.contact_id, value: r.answer }));
  },
};
