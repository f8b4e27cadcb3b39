import { labelWord } from '../search/enums.js';

/**
 * The one display rule for People Data Labs' lower-case values (names, titles, companies,
 * locations, industries): an all-lower-case value is shown in Title Case ('mechanical
 * engineering manager' → 'Mechanical Engineering Manager', 'vp, it' → 'VP, IT'); a value with
 * any capital was typed by someone (an upload, a CRM) and is shown as it is. The stored data
 * never changes, and only letters' case does on screen: spaces, line breaks and punctuation stay.
 * Missing and blank values give ''.
 */
export function displayCase(value: string | null | undefined): string {
  if (!value || value.trim() === '') return '';
  if (value !== value.toLowerCase()) return value;
  let first = true;
  return value.replace(/\S+/g, (word) => {
    const shown = labelWord(word, first);
    first = false;
    return shown;
  });
}
