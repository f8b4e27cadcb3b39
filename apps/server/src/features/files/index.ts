/** The files feature's public surface: uploads other features read. */
export { requireUpload } from './files.service.js';
