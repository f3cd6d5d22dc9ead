// A line diff (longest common subsequence) between two texts, for the editor's review and the history's "compare
// with current". Past MAX_CELLS the table would not fit in a tab's memory, so the diff says so instead.

const MAX_CELLS = 4_000_000;

/** [{ kind: 'same' | 'added' | 'removed', text }] from `before` to `after`; null when the texts are too large. */
export function lineDiff(before, after) {
  const a = splitLines(before);
  const b = splitLines(after);
  // Common head and tail are cheap and usually most of a config: only the middle needs the table.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  if ((midA.length + 1) * (midB.length + 1) > MAX_CELLS) return null;
  const lines = a.slice(0, head).map((text) => ({ kind: 'same', text }));
  lines.push(...middle(midA, midB));
  lines.push(...a.slice(a.length - tail).map((text) => ({ kind: 'same', text })));
  return lines;
}

function splitLines(text) {
  if (!text) return [];
  return text.replace(/\r\n/g, '\n').split('\n');
}

function middle(a, b) {
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] = a[i] === b[j] ? lengths[(i + 1) * width + j + 1] + 1
        : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      out.push({ kind: 'removed', text: a[i++] });
    } else {
      out.push({ kind: 'added', text: b[j++] });
    }
  }
  while (i < a.length) out.push({ kind: 'removed', text: a[i++] });
  while (j < b.length) out.push({ kind: 'added', text: b[j++] });
  return out;
}
