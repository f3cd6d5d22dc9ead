// Small DOM helpers. Every string goes in as a text node or an attribute value, never as HTML, so whatever the
// server sends (service names, metadata, error sentences) cannot add markup or script to the page.

export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'value') node.value = String(value);
    else if (key === 'checked') node.checked = Boolean(value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** A table with a header row; rows are arrays of cells (nodes or text) or ready <tr> nodes. */
export function table(testid, headers, rows) {
  const head = h('thead', {}, h('tr', {}, headers.map((title) => h('th', { scope: 'col' }, title))));
  const body = h('tbody', {}, rows.map((row) => (row instanceof Node ? row : h('tr', {}, row.map((c) => h('td', {}, c))))));
  return h('div', { class: 'table-wrap' }, h('table', { 'data-testid': testid, id: testid }, head, body));
}

export function empty(testid, text) {
  return h('p', { class: 'empty', 'data-testid': testid, id: testid }, text);
}

export function section(title, testid, ...content) {
  return h('section', { class: 'card', 'data-testid': testid, id: testid }, h('h2', {}, title), content);
}

export function badge(text, kind) {
  return h('span', { class: `badge ${kind || ''}` }, text);
}

/** Metadata as small key=value chips; an empty map as a dash. */
export function keyValues(map) {
  const entries = Object.entries(map || {});
  if (entries.length === 0) return h('span', { class: 'muted' }, '–');
  return h('span', { class: 'chips' }, entries.map(([k, v]) => h('span', { class: 'chip' }, `${k}=${v}`)));
}

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** Epoch milliseconds as local "YYYY-MM-DD HH:MM:SS". */
export function formatTime(ms) {
  if (ms === undefined || ms === null) return '–';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} `
    + `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A duration in milliseconds as "3d 4h 5m 6s", largest units only. */
export function formatDuration(ms) {
  let s = Math.max(0, Math.floor((ms || 0) / 1000));
  const parts = [];
  for (const [unit, size] of [['d', 86400], ['h', 3600], ['m', 60]]) {
    if (s >= size || parts.length) parts.push(`${Math.floor(s / size)}${unit}`);
    s %= size;
  }
  parts.push(`${s}s`);
  return parts.slice(0, 3).join(' ');
}

/** Previous / "Page n of m" / Next, linking to `to(n)`; nothing when everything fits on one page. */
export function pager(to, pageNo, pages) {
  if (pages <= 1 && pageNo <= 1) return '';
  return h('nav', { class: 'pager', 'data-testid': 'pager', 'aria-label': 'Pages' },
    pageNo > 1 ? h('a', { href: to(pageNo - 1), id: 'page-prev' }, '‹ Previous')
      : h('span', { class: 'muted' }, '‹ Previous'),
    h('span', { id: 'page-info' }, `Page ${pageNo} of ${pages}`),
    pageNo < pages ? h('a', { href: to(pageNo + 1), id: 'page-next' }, 'Next ›') : h('span', { class: 'muted' }, 'Next ›'));
}
