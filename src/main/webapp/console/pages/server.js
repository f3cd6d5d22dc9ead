// This server: version, mode, uptime, registry counts and effective settings, and (cluster.js) the cluster's nodes.

import * as api from '../api.js';
import { badge, empty, formatDuration, formatTime, h, section, table } from '../dom.js';
import { clusterSection } from './cluster.js';

const COUNTS = [['namespaces', 'Namespaces'], ['services', 'Services'], ['instances', 'Instances'],
  ['healthyInstances', 'Healthy instances'], ['subscribers', 'Subscribers'], ['connections', 'gRPC connections'],
  ['ipPortClients', '1.x clients']];

export async function render(ctx) {
  const s = await api.get('/server');
  const cluster = s.mode === 'cluster' ? await api.get('/cluster') : null;
  const settings = Object.entries(s.settings || {}).sort(([a], [b]) => a.localeCompare(b));
  return h('div', { class: 'page', 'data-testid': 'server-page' },
    h('div', { class: 'page-head' }, h('h1', {}, 'Server'),
      h('button', { type: 'button', id: 'refresh', onclick: () => ctx.reload() }, 'Refresh')),
    h('div', { class: 'columns' },
      h('div', { class: 'main-col' },
        section('This server', 'server-section', h('dl', { class: 'facts' },
          fact('Version', s.version, 'server-version'), fact('Mode', s.mode, 'server-mode'), fact('Node', s.node),
          fact('Started', formatTime(s.startedAt)), fact('Uptime', formatDuration(s.uptimeMillis), 'server-uptime'),
          fact('Ready', s.ready ? badge('ready', 'ok') : badge('not ready', 'bad')))),
        h('div', { class: 'counts', 'data-testid': 'server-counts' }, COUNTS.map(([key, label]) =>
          h('div', { class: 'count', 'data-testid': `count-${key}` },
            h('strong', {}, (s.counts || {})[key] ?? '–'), h('span', {}, label)))),
        clusterSection(ctx, cluster)),
      h('div', { class: 'side-col' },
        settingsSection(settings))));
}

/** The effective settings, filtered as one types, in a box that scrolls so the page stays one screen high. */
function settingsSection(settings) {
  if (settings.length === 0) return section('Settings', 'settings-section', empty('settings-empty', 'No settings reported.'));
  const rows = settings.map(([k, v]) => h('tr', { 'data-setting': k }, h('td', {}, h('code', {}, k)),
    h('td', {}, v === null || v === undefined ? h('span', { class: 'muted' }, 'not set') : String(v))));
  const filter = h('input', { type: 'search', id: 'settings-filter', placeholder: 'filter by name', class: 'filter' });
  filter.addEventListener('input', () => {
    const wanted = filter.value.trim().toLowerCase();
    for (const row of rows) row.hidden = wanted !== '' && !row.dataset.setting.toLowerCase().includes(wanted);
  });
  return section(`Settings (${settings.length})`, 'settings-section', filter,
    h('div', { class: 'scroll-box' }, table('settings-table', ['Setting', 'Value'], rows)));
}

function fact(label, value, testid) {
  return [h('dt', {}, label), h('dd', testid ? { 'data-testid': testid, id: testid } : {}, value)];
}
