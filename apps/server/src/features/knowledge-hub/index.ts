/** The knowledge hub's public surface: creating a member's profile (onboarding) and retrieving passages to ground AI text. */
export { createProfile as createKnowledgeProfile } from './knowledge-hub.service.js';
export { retrieveKnowledge, type KnowledgePassage, type Retrieved } from './knowledge-retrieval.js';
