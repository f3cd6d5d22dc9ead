// One service: its settings and clusters, its instances (weight and enabled edited in place), its subscribers and
// the change history. Each part loads on its own, so one that fails shows its error and the others still show.

import * as api from '../api.js';
import { empty, h, keyValues, section, table } from '../dom.js';
import { showError } from '../ui.js';
import { instancesSection } from './instances.js';
import { historySection } from './history.js';

export async function render(ctx) {
  const [, group, name] = ctx.route.path;
  if (!group || !name) throw new Error('No service named in the address: open one from the service list.');
  const base = `/services/${api.seg(group)}/${api.seg(name)}`;
  const query = { namespaceId: ctx.ns };
  const [detail, instances, subscribers, history] = await Promise.allSettled([
    api.get(base, query), api.get(`${base}/instances`, query), api.get(`${base}/subscribers`, query),
    api.get(`${base}/history`, { ...query, limit: 100 })]);
  // A service that emptied and was removed still has its history, which explains why: say it is gone, no error.
  const gone = detail.status === 'rejected' && detail.reason.status === 404 && history.status === 'fulfilled';
  const failed = [detail, instances, subscribers, history].find((r) => r.status === 'rejected');
  if (failed && !gone) showError(failed.reason);
  const edit = { base, query, ctx };
  return h('div', { class: 'page', 'data-testid': 'service-page', 'data-service': name, 'data-group': group },
    h('div', { class: 'page-head' },
      h('h1', {}, h('span', { class: 'muted' }, `${group} / `), h('span', { id: 'service-name' }, name)),
      h('span', { class: 'muted' }, 'namespace ', h('code', {}, ctx.ns)),
      h('a', { href: ctx.link(['services'], {}), id: 'back-to-services' }, '‹ All services'),
      h('button', { type: 'button', id: 'refresh', onclick: () => ctx.reload() }, 'Refresh')),
    gone ? h('p', { class: 'card empty', 'data-testid': 'service-gone', id: 'service-gone' },
      `${group} / ${name} does not exist (any more) in namespace ${ctx.ns}; its change history follows.`)
      : settled(instances, 'instances-section', 'Instances', (list) => instancesSection(list, edit)),
    h('div', { class: 'columns' },
      h('div', { class: 'main-col' }, gone ? '' : [
        settled(subscribers, 'subscribers-section', 'Subscribers', subscribersSection),
        settled(detail, 'detail-section', 'Service', detailSection)]),
      h('div', { class: 'side-col' },
        settled(history, 'history-section', 'Change history', historySection))));
}

/** The section built from a loaded part, or the part's error in its place. */
function settled(result, testid, title, build) {
  if (result.status === 'fulfilled') return build(result.value);
  return section(title, testid, h('p', { class: 'error-text', 'data-testid': `${testid}-error` }, result.reason.message));
}

function detailSection(d) {
  const selector = d.selector && d.selector.type && d.selector.type !== 'none'
    ? `${d.selector.type}: ${d.selector.expression || ''}` : 'none';
  const facts = [
    ['Kind', d.ephemeral ? 'ephemeral' : 'persistent'],
    ['Instances', `${d.instanceCount} (${d.healthyInstanceCount} healthy)`],
    ['Subscribers', d.subscriberCount],
    ['Protect threshold', d.protectThreshold],
    ['Selector', selector],
    ['Metadata', keyValues(d.metadata)],
  ];
  const clusters = d.clusters || [];
  return section('Service', 'detail-section',
    h('dl', { class: 'facts' }, facts.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])),
    h('h3', {}, 'Clusters'),
    clusters.length === 0 ? empty('clusters-empty', 'No clusters.')
      : table('clusters-table', ['Cluster', 'Health check', 'Metadata'],
        clusters.map((c) => [c.name, healthCheck(c.healthCheck), keyValues(c.metadata)])));
}

function healthCheck(check) {
  if (!check || !check.type) return '–';
  // Unset tunings (0 or empty) mean the server's defaults: leave them out.
  const extra = Object.entries(check).filter(([k, v]) => k !== 'type' && v !== 0 && v !== null && v !== '' && v !== undefined)
    .map(([k, v]) => `${k}=${v}`);
  return extra.length ? `${check.type} (${extra.join(', ')})` : check.type;
}

function subscribersSection(list) {
  return section(`Subscribers (${list.length})`, 'subscribers-section', list.length === 0
    ? empty('subscribers-empty', 'No client subscribes to this service.')
    : table('subscribers-table', ['Address', 'Client version', 'Transport', 'Clusters', 'Client', 'Node'],
      list.map((s) => [s.address, s.clientVersion || '–', s.transport,
        (Array.isArray(s.clusters) ? s.clusters.join(',') : s.clusters) || 'all', h('code', {}, s.client), s.node])));
}
