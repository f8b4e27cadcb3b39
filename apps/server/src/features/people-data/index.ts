/*
 * The people database: loading PDL-format people and companies (files, the demo generator) and
 * mapping PDL records to rows. Other features (and their tests) reach it only through this file.
 */
export { loadDemoPeople } from './demo-people.js';
export { loadPeople } from './loader.js';
export { mapPerson, PdlPerson } from './pdl.js';
