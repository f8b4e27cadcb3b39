import { z } from 'zod';
import { trimmedText } from '../primitives.js';

export const SAVED_SEARCH_TITLE_MAX = 120;

/**
 * The name of a saved search. It has a module of its own so that the save dialog can validate it
 * without pulling every filter schema (and zod) into the search screen's first load.
 */
export const SavedSearchTitle = trimmedText().min(1, 'A name is required').max(SAVED_SEARCH_TITLE_MAX);

/** The save dialog's form: the name alone (the filters come from the sidebar). */
export const SaveSearchTitleForm = z.object({ title: SavedSearchTitle });
