/**
 * What the sync fetches of each message. Attachment bytes are most of a mailbox (a 200 KB PDF
 * against a few KB of text) and the sync keeps none of them: it stores headers, text and
 * attachment metadata, and an attachment is fetched from the server when it is opened. So the
 * sync first reads each message's size and BODYSTRUCTURE; a message with large attachments is
 * fetched as its header, every part's MIME header and its text parts, and put back together
 * with the attachments' bodies left empty, which mailparser reads as the same tree (the same
 * part numbers, the same attachment list, the same text) as the whole message. The sizes of
 * the parts left out come from BODYSTRUCTURE. Any message whose parts do not come back as
 * expected is fetched whole instead.
 */
import type { FetchMessageObject, ImapFlow, MessageStructureObject } from 'imapflow';
import { parseMessage, type ParsedMessage } from './message-parse.js';

/** What the sync needs of a message besides its content, and how to fetch that content. */
export type FetchPlan = {
  uid: number;
  modseq: bigint | undefined;
  flags: Set<string> | undefined;
  labels: Set<string> | undefined;
  internalDate: Date | string | undefined;
  /** The bytes the content's fetch brings. */
  bytes: number;
  /** Without it, the whole message is fetched. */
  parts?: {
    structure: MessageStructureObject;
    /** The sections to fetch besides the header, e.g. `1.MIME`, `1.1`. */
    sections: string[];
    /** Attachment parts left out (by part number, '' for a message that is one part) and their sizes once decoded. */
    skipped: Map<string, number>;
  };
};

/** Attachments smaller than this together are fetched with the message: one more section each would cost more than their bytes. */
const PARTS_WORTH_BYTES = 16 * 1024;

/** The parts mailparser reads as text, whatever their disposition says (its `textTypes`). */
const TEXT_TYPES = new Set(['text/plain', 'text/html', 'message/delivery-status']);

/**
 * A leaf mailparser lists as an attachment (its `createNode` rule: not a text type, or any
 * disposition other than inline). Other message/* parts are kept: mailparser may read into them.
 */
function isAttachmentLeaf(node: MessageStructureObject): boolean {
  if (node.childNodes || node.type.startsWith('multipart/') || (node.type.startsWith('message/') && !TEXT_TYPES.has(node.type))) return false;
  const disposition = node.disposition?.toLowerCase();
  return !TEXT_TYPES.has(node.type) || (disposition !== undefined && disposition !== '' && disposition !== 'inline');
}

/** The size of a part once decoded, from its encoded size: base64 lines are 76 characters and a line break (3 bytes in 4 characters). */
export function decodedSize(node: Pick<MessageStructureObject, 'size' | 'encoding'>): number {
  const size = node.size ?? 0;
  if (node.encoding?.toLowerCase() !== 'base64') return size;
  const characters = size - 2 * Math.ceil(size / 78);
  return Math.max(0, Math.floor((characters * 3) / 4));
}

/** How to fetch one message, from its size and structure. */
export function planFetch(meta: FetchMessageObject): FetchPlan {
  const plan: FetchPlan = { uid: meta.uid, modseq: meta.modseq, flags: meta.flags, labels: meta.labels, internalDate: meta.internalDate, bytes: meta.size ?? 0 };
  const root = meta.bodyStructure;
  if (!root) return plan;
  const sections: string[] = [];
  const skipped = new Map<string, number>();
  let skippedBytes = 0;
  let rebuildable = true;
  const visit = (node: MessageStructureObject) => {
    // An attached message nests a second header and tree under one part number: fetched whole.
    if (node.type === 'message/rfc822' || node.type === 'message/global') rebuildable = false;
    if (node.part) sections.push(`${node.part}.MIME`);
    if (node.childNodes) {
      if (!node.parameters?.boundary) rebuildable = false;
      node.childNodes.forEach(visit);
    } else if (isAttachmentLeaf(node)) {
      skipped.set(node.part ?? '', decodedSize(node));
      skippedBytes += node.size ?? 0;
    } else if (node.part) sections.push(node.part);
  };
  visit(root);
  if (!rebuildable || skippedBytes < PARTS_WORTH_BYTES) return plan;
  return { ...plan, bytes: Math.max(0, plan.bytes - skippedBytes), parts: { structure: root, sections, skipped } };
}

/** Plans in runs of at most `maxMessages` and about `maxBytes` (a run holds at least one message). */
export function chunkPlans(plans: FetchPlan[], maxMessages: number, maxBytes: number): FetchPlan[][] {
  const chunks: FetchPlan[][] = [];
  let current: FetchPlan[] = [];
  let bytes = 0;
  for (const plan of plans) {
    if (current.length > 0 && (current.length >= maxMessages || bytes + plan.bytes > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(plan);
    bytes += plan.bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The sizes, structures and flags of `uids` in the open folder: no content. */
export async function fetchPlans(client: ImapFlow, uids: number[]): Promise<FetchPlan[]> {
  const plans: FetchPlan[] = [];
  if (uids.length === 0) return plans;
  for await (const meta of client.fetch(uids.join(','), { uid: true, flags: true, labels: true, size: true, bodyStructure: true, internalDate: true }, { uid: true })) {
    plans.push(planFetch(meta));
  }
  return plans;
}

const CRLF = Buffer.from('\r\n');

/** A header section as fetched, ending with the empty line that closes it. */
function closedHeader(header: Buffer | undefined): Buffer {
  if (!header || header.length === 0) return CRLF;
  if (header.equals(CRLF) || header.subarray(-4).toString('latin1') === '\r\n\r\n') return header;
  return Buffer.concat([header, header.subarray(-2).equals(CRLF) ? CRLF : Buffer.from('\r\n\r\n')]);
}

/** The message rebuilt from its fetched sections, the left-out attachments with empty bodies. */
export function rebuildMessage(structure: MessageStructureObject, header: Buffer | undefined, sections: Map<string, Buffer>, skipped: Map<string, number>): Buffer {
  const out: Buffer[] = [closedHeader(header)];
  const body = (node: MessageStructureObject) => {
    if (node.childNodes) {
      const boundary = node.parameters!.boundary!;
      for (const child of node.childNodes) {
        out.push(Buffer.from(`--${boundary}\r\n`), closedHeader(sections.get(`${child.part}.mime`)));
        body(child);
        out.push(CRLF);
      }
      out.push(Buffer.from(`--${boundary}--\r\n`));
    } else if (!skipped.has(node.part ?? '') && node.part) {
      const content = sections.get(node.part);
      if (content) out.push(content);
    }
  };
  body(structure);
  return Buffer.concat(out);
}

/**
 * mailparser read the rebuilt message as the whole one when each left-out part is one of its
 * attachments, by part number, with nothing in it; their sizes are then the decoded sizes.
 */
function withSkippedSizes(parsed: ParsedMessage, skipped: Map<string, number>): ParsedMessage | null {
  const found = new Set<string>();
  const attachments = parsed.attachments.map((a) => {
    const key = a.partId ?? '';
    const size = skipped.get(key);
    if (size === undefined) return a;
    if (a.size !== 0) return a;
    found.add(key);
    return { ...a, size };
  });
  return found.size === skipped.size ? { ...parsed, attachments } : null;
}

export type FetchedMessage = { plan: FetchPlan; parsed: ParsedMessage };

/**
 * Fetches and parses the planned messages of the open folder, one at a time, each source
 * dropped once parsed: the whole ones in one command, the others in one command per shape of
 * sections. A message the server no longer has is left out.
 */
export async function* fetchParsed(client: ImapFlow, plans: FetchPlan[]): AsyncGenerator<FetchedMessage> {
  const byUid = new Map(plans.map((p) => [p.uid, p]));
  const whole = plans.filter((p) => !p.parts).map((p) => p.uid);
  const shapes = new Map<string, number[]>();
  for (const plan of plans) {
    if (!plan.parts) continue;
    const key = plan.parts.sections.join(' ');
    shapes.set(key, [...(shapes.get(key) ?? []), plan.uid]);
  }
  for (const [key, uids] of shapes) {
    const sections = key === '' ? [] : key.split(' ');
    for await (const message of client.fetch(uids.join(','), { uid: true, headers: true, bodyParts: sections }, { uid: true })) {
      const plan = byUid.get(message.uid);
      if (!plan?.parts || !message.headers) continue;
      const source = rebuildMessage(plan.parts.structure, message.headers, message.bodyParts ?? new Map(), plan.parts.skipped);
      const parsed = withSkippedSizes(await parseMessage(source), plan.parts.skipped);
      if (parsed) yield { plan, parsed };
      else whole.push(plan.uid);
    }
  }
  if (whole.length === 0) return;
  for await (const message of client.fetch(whole.join(','), { uid: true, source: true }, { uid: true })) {
    const plan = byUid.get(message.uid);
    if (!plan || !message.source) continue;
    yield { plan, parsed: await parseMessage(message.source) };
  }
}
