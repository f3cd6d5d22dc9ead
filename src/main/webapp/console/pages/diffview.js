// A line diff as a two-column listing (sign, line), the removed lines red and the added ones green.

import { lineDiff } from '../diff.js';
import { h } from '../dom.js';

const SIGN = { same: ' ', added: '+', removed: '−' };

export function diffView(testid, before, after) {
  const lines = lineDiff(before, after);
  if (lines === null) {
    return h('p', { class: 'empty', 'data-testid': testid }, 'These texts are too long to compare here.');
  }
  const changed = lines.filter((l) => l.kind !== 'same').length;
  if (changed === 0) return h('p', { class: 'empty', 'data-testid': testid, 'data-changed': 0 }, 'No difference.');
  return h('div', { class: 'diff', 'data-testid': testid, 'data-changed': changed },
    lines.map((l) => h('div', { class: `diff-line ${l.kind}`, 'data-kind': l.kind },
      h('span', { class: 'diff-sign' }, SIGN[l.kind]), h('code', {}, l.text))));
}
