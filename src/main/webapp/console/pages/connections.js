// Clients connected now: gRPC connections (2.x/3.x clients) and 1.x clients known by ip:port. "Reset" asks a
// gRPC client to reconnect (ConnectResetRequest): to the node picked here, or to any other server.

import * as api from '../api.js';
import { empty, formatTime, h, keyValues, section, table } from '../dom.js';
import { attempt, showNotice } from '../ui.js';

export async function render(ctx) {
  const [data, server] = await Promise.all([api.get('/connections'), api.get('/server')]);
  const nodes = server.mode === 'cluster' ? (await api.get('/cluster')).nodes : [];
  const target = h('select', { id: 'reset-target', 'data-testid': 'reset-target' },
    h('option', { value: '' }, 'any other server (client picks)'),
    nodes.filter((n) => !n.self).map((n) => h('option', { value: n.address }, n.address)));
  const grpc = data.connections || [];
  const http = data.ipPortClients || [];
  return h('div', { class: 'page', 'data-testid': 'connections-page' },
    h('div', { class: 'page-head' }, h('h1', {}, 'Connections'),
      h('button', { type: 'button', id: 'refresh', onclick: () => ctx.reload() }, 'Refresh'),
      nodes.length > 1 ? h('label', {}, 'Reset moves a client to ', target) : ''),
    section(`gRPC connections (${grpc.length})`, 'connections-section', grpc.length === 0
      ? empty('connections-empty', 'No gRPC client is connected.')
      : table('connections-table',
        ['Connection id', 'Client IP', 'Version', 'Labels', 'Connected', 'Last active', 'Node', ''],
        grpc.map((c) => connectionRow(ctx, c, target)))),
    section(`1.x clients (${http.length})`, 'ipport-section', http.length === 0
      ? empty('ipport-empty', 'No 1.x (HTTP) client is known.')
      : table('ipport-table', ['Client', 'Address', 'Transport', 'Node', 'Last beat'],
        http.map((c) => [h('code', {}, c.id), c.address, c.transport, c.node,
          h('span', { class: 'nowrap' }, formatTime(c.lastBeatAt))]))));
}

function connectionRow(ctx, c, target) {
  const reset = h('button', { type: 'button', class: 'small', 'data-testid': `reset-${c.id}` }, 'Reset');
  reset.addEventListener('click', async () => {
    const body = target.value ? { target: target.value } : {};
    reset.disabled = true;
    if (await attempt(() => api.post(`/connections/${api.seg(c.id)}/reset`, body))) {
      showNotice(`Connection ${c.id} asked to reconnect${target.value ? ` to ${target.value}` : ''}.`);
    }
    reset.disabled = false;
  });
  return h('tr', { 'data-testid': `connection-row-${c.id}`, 'data-connection': c.id },
    h('td', {}, h('code', {}, c.id)), h('td', {}, c.clientIp), h('td', {}, c.clientVersion || '–'),
    h('td', {}, keyValues(c.labels)), h('td', { class: 'nowrap' }, formatTime(c.connectedAt)),
    h('td', { class: 'nowrap' }, formatTime(c.lastActiveAt)),
    h('td', {}, c.node), h('td', { class: 'actions' }, reset));
}
