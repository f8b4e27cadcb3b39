export { linkBase } from './links.js';
export { mailerFor, type Mail, type Mailer } from './mailer.js';
