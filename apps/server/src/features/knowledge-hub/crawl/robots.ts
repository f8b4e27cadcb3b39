/** robots.txt as Google reads it: the group for our agent token, else `*`; the longest matching rule wins, Allow on a tie. */
export type Robots = { allows(path: string): boolean; sitemaps: string[] };

const AGENT_TOKEN = 'leadlineknowledgehub';

type Rule = { allow: boolean; pattern: RegExp; length: number };

const toPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\\\$$/, '$')}`);

export function parseRobots(text: string): Robots {
  const groups: Array<{ agents: string[]; rules: Rule[] }> = [];
  const sitemaps: string[] = [];
  let current: { agents: string[]; rules: Rule[] } | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const field = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (field !== 'allow' && field !== 'disallow')) continue;
    // "Disallow:" with no path allows everything: it adds no rule.
    if (!value) continue;
    current.rules.push({ allow: field === 'allow', pattern: toPattern(value), length: value.length });
  }
  const ours = groups.filter((g) => g.agents.some((a) => a !== '*' && AGENT_TOKEN.startsWith(a.replace(/\/.*$/, ''))));
  const chosen = ours.length ? ours : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  return {
    sitemaps,
    allows(path: string) {
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!rule.pattern.test(path)) continue;
        if (!best || rule.length > best.length || (rule.length === best.length && rule.allow)) best = rule;
      }
      return best ? best.allow : true;
    },
  };
}

export const ALLOW_ALL: Robots = { allows: () => true, sitemaps: [] };
