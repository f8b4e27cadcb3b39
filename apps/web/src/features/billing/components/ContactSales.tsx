import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** Said where the server names no contact-sales link (`CONTACT_SALES_URL`), instead of linking nowhere. */
export const NO_CONTACT_SALES_LINK = 'Ask the administrator of this Leadline server.';

/** The Growth plan's "Contact sales" link, opening in a new tab; without a link, who to ask. */
export function ContactSales({ url, children = 'Contact sales' }: { url: string | null | undefined; children?: ReactNode }) {
  if (!url) return NO_CONTACT_SALES_LINK;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer">
      {children}
    </Anchor>
  );
}
