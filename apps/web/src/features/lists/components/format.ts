import type { ListDto } from '@leadline/shared';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatCount = (value: number) => value.toLocaleString('en-US');

/** What a list holds: people for people lists, companies for company lists. */
export const recordsOf = (list: ListDto) => (list.entityType === 'companyList' ? list.companies : list.contacts);
