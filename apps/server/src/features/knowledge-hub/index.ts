/** The knowledge hub's public surface: a member's profiles for other features (onboarding) and retrieving passages to ground AI text. */
export { createProfile as createKnowledgeProfile, findOwnProfile as findKnowledgeProfile, replaceRootUrls as replaceKnowledgeRootUrls } from './knowledge-hub.service.js';
export { retrieveKnowledge, type KnowledgePassage, type Retrieved } from './knowledge-retrieval.js';
export { formatKnowledgePassages } from './knowledge-passages.js';
