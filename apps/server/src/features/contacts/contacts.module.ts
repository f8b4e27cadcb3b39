import type { FeatureModule } from '../../lib/feature-module.js';
import { contactsRoutes } from './contacts.routes.js';

export const contactsModule: FeatureModule = { name: 'contacts', routes: contactsRoutes };
