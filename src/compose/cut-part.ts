// A part of a Markdown body, for a skill that loads in part: cut before a heading when one falls in
// the last part of the room, else at a paragraph break, else where cutUtf8 cuts (a line end). A code
// fence left open by the cut is closed, within the room.

import { cutUtf8, utf8Bytes } from './import-limits.js';

/** How far back from the room's end a heading may be, and a paragraph break (shares of the room). */
const HEADING_REACH = 0.25;
const PARAGRAPH_REACH = 0.15;

const FENCE = /^(?:```|~~~)/;

/** Where `text`'s headings, paragraphs (after a blank line) and fence lines start, outside code. */
function breaks(text: string): { headings: number[]; paragraphs: number[]; fences: number[] } {
  const headings: number[] = [];
  const paragraphs: number[] = [];
  const fences: number[] = [];
  let open = false;
  let at = 0;
  for (const line of text.split('\n')) {
    if (FENCE.test(line.trimStart())) {
      fences.push(at);
      open = !open;
    } else if (!open && /^#{1,6}\s/.test(line)) headings.push(at);
    else if (!open && line.trim() === '' && at > 0) paragraphs.push(at + line.length + 1);
    at += line.length + 1;
  }
  return { headings, paragraphs, fences };
}

/**
 * The start of `text` within `maxBytes` UTF-8 bytes, cut at the best break: before the last heading
 * within reach, else after the last blank line within reach, else at a line end.
 */
export function cutPart(text: string, maxBytes: number): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  const rough = cutUtf8(text, maxBytes);
  const end = rough.length;
  const { headings, paragraphs, fences } = breaks(text);
  const within = (xs: number[], reach: number) =>
    xs.filter((x) => x >= end * (1 - reach) && x <= end).pop();
  const cutAt = within(headings, HEADING_REACH) ?? within(paragraphs, PARAGRAPH_REACH) ?? end;
  let part = text.slice(0, cutAt).replace(/\s+$/, '');
  // A heading the cut leaves with nothing under it goes too.
  const last = part.lastIndexOf('\n') + 1;
  if (headings.includes(last) && last > 0) part = part.slice(0, last).replace(/\s+$/, '');
  // A fence the cut leaves open is closed, so that what follows the part does not read as code.
  const open = (s: string) => fences.filter((f) => f < s.length).length % 2 === 1;
  if (!open(part)) return part;
  const shorter = cutUtf8(part, maxBytes - CLOSE.length).replace(/\s+$/, '');
  return open(shorter) ? `${shorter}${CLOSE}` : shorter;
}

const CLOSE = '\n```';
