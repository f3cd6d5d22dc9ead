// One configuration: what describes it, its content, and its history, newest first. A change can be opened to see
// the content it recorded, compared with the current content, and restored: restoring publishes that content
// again with the md5 this page loaded, so a change made meanwhile by someone else is refused, not overwritten.

import * as api from '../api.js';
import { empty, formatTime, h, section, table } from '../dom.js';
import { attempt, noticeAfterNavigation, showNotice } from '../ui.js';
import { diffView } from './diffview.js';
import { formatSize } from './configs.js';

const OP = { I: 'created', U: 'updated', D: 'removed' };

export async function render(ctx) {
  const [group, dataId] = ctx.route.path.slice(1);
  const path = `/configs/${api.seg(group)}/${api.seg(dataId)}`;
  const config = await api.get(path, { namespaceId: ctx.ns });
  const [history, listeners] = await Promise.all([api.get(`${path}/history`, { namespaceId: ctx.ns, pageSize: 50 }),
    api.get(`${path}/listeners`, { namespaceId: ctx.ns })]);
  const viewer = h('div', { id: 'config-change-view', 'data-testid': 'config-change-view' });
  return h('div', { class: 'page', 'data-testid': 'config-page' },
    h('div', { class: 'page-head' }, h('h1', {}, h('code', { id: 'config-title' }, dataId)),
      h('a', { href: ctx.link(['config-edit', group, dataId], {}), class: 'button primary', id: 'config-edit',
        'data-testid': 'config-edit' }, 'Edit'),
      removeButton(ctx, path, dataId),
      h('a', { href: ctx.link(['configs'], {}) }, 'All configurations')),
    h('div', { class: 'columns' },
      h('div', { class: 'main-col' },
        section('Content', 'config-content-section',
          h('pre', { class: 'content', id: 'config-content', 'data-testid': 'config-content' }, config.content)),
        viewer),
      h('div', { class: 'side-col' },
        section('Details', 'config-facts', facts(group, config)),
        listenersSection(config, listeners),
        historySection(ctx, path, config, history, viewer))));
}

function facts(group, c) {
  const rows = [['Group', group], ['Type', c.type || 'text'], ['MD5', h('code', { id: 'config-md5' }, c.md5)],
    ['Size', formatSize(c.size)], ['Application', c.appName || '–'], ['Description', c.desc || '–'],
    ['Tags', c.tags || '–'], ['Created', formatTime(c.createdTime)], ['Last changed', formatTime(c.modifiedTime)],
    ['By', [c.user, c.ip].filter(Boolean).join(' from ') || '–']];
  if (c.encrypted) rows.push(['Encrypted', 'yes (the clients hold the key)']);
  return h('dl', { class: 'facts' }, rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]));
}

function listenersSection(config, listeners) {
  const title = `Listeners on this server (${listeners.length})`;
  if (listeners.length === 0) return section(title, 'config-listeners', empty('config-listeners-empty', 'Nobody listens here.'));
  return section(title, 'config-listeners', table('config-listeners-table', ['Address', 'Client', 'Holds'],
    listeners.map((l) => h('tr', { 'data-testid': 'config-listener', 'data-transport': l.transport },
      h('td', {}, l.address || '–'),
      h('td', {}, l.transport === 'grpc' ? (l.clientVersion || 'gRPC') : '1.x long poll'),
      h('td', {}, holds(config, l))))));
}

/** gRPC listeners are kept at the current content by push; a long poll says what its client holds. */
function holds(config, listener) {
  if (listener.transport === 'grpc') return h('span', { class: 'muted' }, 'kept current');
  if (listener.md5 === config.md5) return 'current';
  return h('span', { class: 'badge warn' }, 'older, being told');
}

function removeButton(ctx, path, dataId) {
  const button = h('button', { type: 'button', class: 'danger', id: 'config-delete', 'data-testid': 'config-delete' }, 'Delete');
  button.addEventListener('click', async () => {
    if (button.dataset.armed !== 'true') {
      button.dataset.armed = 'true';
      button.textContent = 'Confirm delete';
      return;
    }
    if (await attempt(() => api.del(path, { namespaceId: ctx.ns }))) {
      noticeAfterNavigation(`Configuration ${dataId} deleted.`);
      ctx.go(['configs'], {});
    }
  });
  return button;
}

function historySection(ctx, path, config, history, viewer) {
  const title = `History (${history.totalCount})`;
  if (history.items.length === 0) return section(title, 'config-history', empty('config-history-empty', 'No changes recorded.'));
  return section(title, 'config-history', table('config-history-table', ['When', 'Change', 'By', ''],
    history.items.map((change) => h('tr', { 'data-testid': `config-change-${change.nid}`, 'data-op': change.op },
      h('td', { class: 'num' }, formatTime(change.time)),
      h('td', {}, (OP[change.op] || change.op) + (change.grayName ? ` (gray version ${change.grayName})` : '')),
      h('td', {}, [change.user, change.ip].filter(Boolean).join(' from ') || '–'),
      h('td', { class: 'actions' }, h('button', { type: 'button', class: 'small', 'data-testid': `config-change-open-${change.nid}`,
        onclick: () => openChange(ctx, path, config, change.nid, viewer) }, 'View'))))));
}

async function openChange(ctx, path, config, nid, viewer) {
  let change;
  if (!await attempt(async () => { change = await api.get(`${path}/history/${nid}`, { namespaceId: ctx.ns }); })) return;
  const recorded = (change.op === 'I' ? 'The content it was created with' : 'The content before this change')
    + (change.grayName ? ` (gray version ${change.grayName})` : '');
  // A gray version's content is never restored as the formal one: only clients of that version had it.
  const restore = change.grayName ? null : h('button', { type: 'button', class: 'primary', id: 'config-restore',
    'data-testid': 'config-restore' }, 'Restore this content');
  restore?.addEventListener('click', async () => {
    if (restore.dataset.armed !== 'true') {
      restore.dataset.armed = 'true';
      restore.textContent = 'Confirm restore';
      return;
    }
    const body = { content: change.content, type: change.type, appName: change.appName, desc: config.desc,
      tags: config.tags, casMd5: config.md5 };
    if (await attempt(() => api.put(path, body, { namespaceId: ctx.ns }))) {
      await ctx.reload();
      showNotice(`Content of ${formatTime(change.time)} restored.`);
    }
  });
  viewer.replaceChildren(section(`${recorded} (${formatTime(change.time)})`, 'config-change',
    h('pre', { class: 'content', id: 'config-change-content', 'data-testid': 'config-change-content' }, change.content),
    h('h3', {}, 'From the current content to this one'),
    diffView('config-change-diff', config.content, change.content),
    h('div', { class: 'actions-set' }, restore,
      h('button', { type: 'button', onclick: () => viewer.replaceChildren() }, 'Close'))));
}
