import { SETTINGS_TABS } from '@leadline/shared';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { createContext, useContext, useEffect, useMemo, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { Link, useLocation } from 'react-router';
import { titleOfPath } from './navigation';

export type Crumb = { title: string; to?: string };

/** A page's extra crumb (a list or record name), remembered with the path that set it. */
type Tail = { path: string; text: string } | null;

const TailContext = createContext<{ tail: Tail; setTail: Dispatch<SetStateAction<Tail>> } | null>(null);

export function BreadcrumbTailProvider({ children }: { children: ReactNode }) {
  const [tail, setTail] = useState<Tail>(null);
  const value = useMemo(() => ({ tail, setTail }), [tail]);
  return <TailContext value={value}>{children}</TailContext>;
}

function useTailContext() {
  const context = useContext(TailContext);
  if (!context) throw new Error('Breadcrumb tails need a BreadcrumbTailProvider.');
  return context;
}

/** Adds `text` as the last breadcrumb while the current path stays the same. */
export function useBreadcrumbTail(text: string | null | undefined) {
  const { setTail } = useTailContext();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!text) return;
    setTail({ path: pathname, text });
    return () => setTail((current) => (current?.path === pathname && current.text === text ? null : current));
  }, [text, pathname, setTail]);
}

const humanize = (value: string) => value.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The crumbs of a location: one per titled path prefix, then the `?tab=` value if any. */
export function crumbsFor(pathname: string, search: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  if (segments.length === 0) crumbs.push({ title: 'Home', to: '/' });
  segments.forEach((_, i) => {
    const path = `/${segments.slice(0, i + 1).join('/')}`;
    const entry = titleOfPath(path);
    if (!entry || entry.path.includes(':')) return;
    crumbs.push(entry.page ? { title: entry.title, to: path } : { title: entry.title });
  });
  const tab = new URLSearchParams(search).get('tab');
  if (tab) {
    const settingsTab = pathname === '/settings' ? SETTINGS_TABS.find((t) => t.tab === tab) : undefined;
    crumbs.push({ title: settingsTab?.label ?? humanize(tab) });
  }
  return crumbs;
}

/** The header's breadcrumbs; a page's tail disappears as soon as the path changes. */
export function HeaderBreadcrumbs() {
  const { pathname, search } = useLocation();
  const { tail } = useTailContext();
  const crumbs = crumbsFor(pathname, search);
  if (tail?.path === pathname) crumbs.push({ title: tail.text });

  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6}>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          if (last) {
            return (
              <Text key={i} size="sm" fw={600} aria-current="page" truncate maw={320}>
                {crumb.title}
              </Text>
            );
          }
          return crumb.to ? (
            <Anchor key={i} component={Link} to={crumb.to} size="sm" c="dimmed">
              {crumb.title}
            </Anchor>
          ) : (
            <Text key={i} size="sm" c="dimmed">
              {crumb.title}
            </Text>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
