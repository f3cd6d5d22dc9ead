// The cluster part of the server page: every node with its state, connections and replication lag, and the
// operations: drain a node (its clients move to the others, and it stays empty until undrained), rebalance.

import * as api from '../api.js';
import { badge, empty, h, section, table } from '../dom.js';
import { attempt, showNotice } from '../ui.js';

export function clusterSection(ctx, cluster) {
  if (!cluster) return section('Cluster', 'cluster-section', empty('cluster-standalone', 'Standalone server: no cluster nodes.'));
  const rebalance = h('button', { type: 'button', id: 'rebalance', 'data-testid': 'rebalance' }, 'Rebalance connections');
  rebalance.addEventListener('click', async () => {
    let answer;
    if (await attempt(async () => { answer = await api.post('/cluster/rebalance', {}); })) {
      await ctx.reload();
      showNotice(`Rebalance moved ${answer && answer.moved !== undefined ? answer.moved : 0} connection(s).`);
    }
  });
  const dash = (v, unit = '') => (v === undefined || v === null ? '–' : `${v}${unit}`);
  return section(`Cluster (${cluster.nodes.length} nodes)`, 'cluster-section',
    table('nodes-table', ['Node', 'State', 'Connections', 'Clients', 'Synced', 'Lag', ''],
      cluster.nodes.map((n) => h('tr', { 'data-testid': `node-row-${n.address}`, 'data-state': n.state,
        'data-drained': String(Boolean(n.drained)) },
      h('td', {}, h('code', {}, n.address), n.self ? badge('this node', 'info') : '', n.drained ? badge('drained', 'warn') : ''),
      h('td', {}, badge(n.state, n.state === 'UP' ? 'ok' : n.state === 'DOWN' ? 'bad' : 'warn')),
      h('td', { class: 'num', 'data-testid': `node-connections-${n.address}` }, dash(n.connections)),
      h('td', { class: 'num' }, dash(n.clients)),
      h('td', {}, n.synced === null || n.synced === undefined ? '–' : n.synced ? 'yes' : 'no'),
      h('td', { class: 'num' }, dash(n.lagMillis, ' ms')),
      h('td', { class: 'actions' }, n.drained ? undrainButton(ctx, n) : drainButton(ctx, n))))),
    h('p', {}, rebalance));
}

function drainButton(ctx, node) {
  const button = h('button', { type: 'button', class: 'small', 'data-testid': `drain-${node.address}` }, 'Drain');
  button.addEventListener('click', async () => {
    let answer;
    if (await attempt(async () => { answer = await api.post(`/cluster/nodes/${api.seg(node.address)}/drain`, {}); })) {
      await ctx.reload();
      const asked = answer && answer.asked !== undefined ? `: ${answer.asked} connection(s) asked to move` : '';
      showNotice(`Node ${node.address} drained${asked}. It takes no new clients until undrained.`);
    }
  });
  return button;
}

/** A drained node stays empty (rebalancing leaves it out) until it is undrained here. */
function undrainButton(ctx, node) {
  const button = h('button', { type: 'button', class: 'small', 'data-testid': `undrain-${node.address}` }, 'Undrain');
  button.addEventListener('click', async () => {
    if (await attempt(() => api.post(`/cluster/nodes/${api.seg(node.address)}/undrain`, {}))) {
      await ctx.reload();
      showNotice(`Node ${node.address} takes clients again.`);
    }
  });
  return button;
}
