/**
 * Splits text into passages of about `target` characters at paragraph, then sentence, then
 * word boundaries: small enough that the top few fit a prompt, large enough to keep context.
 */
export function chunkText(text: string, target = 1000, max = 1600): string[] {
  const pieces: string[] = [];
  for (const paragraph of text.split(/\n+/).map((p) => p.trim()).filter(Boolean)) {
    if (paragraph.length <= max) pieces.push(paragraph);
    else for (const sentence of paragraph.split(/(?<=[.!?])\s+/)) pieces.push(...splitLong(sentence, max));
  }
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > target) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}\n${piece}` : piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const cut = rest.lastIndexOf(' ', max);
    const at = cut > max / 2 ? cut : max;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

const STOP = new Set(
  'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours hi hello thanks thank regards best dear please'.split(' '),
);

/** The distinct content words of a text, most frequent first: the terms a retrieval query asks for. */
export function queryTerms(text: string, limit = 40): string[] {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []) {
    if (STOP.has(word) || word.length > 40) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([w]) => w);
}
