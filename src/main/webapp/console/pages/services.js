// Services of the current namespace: search by name (a substring, any case), filter by group, page through.
// Search and page live in the URL, so a result can be linked to and survives a reload.

import * as api from '../api.js';
import { badge, empty, h, pager, section, table } from '../dom.js';

const PAGE_SIZE = 20;

export async function render(ctx) {
  const search = ctx.route.query.get('search') || '';
  const groupName = ctx.route.query.get('groupName') || '';
  const pageNo = Math.max(1, Number.parseInt(ctx.route.query.get('pageNo') || '1', 10) || 1);
  const result = await api.get('/services', { namespaceId: ctx.ns, groupName, search, pageNo, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(result.count / PAGE_SIZE));
  return h('div', { class: 'page', 'data-testid': 'services-page' },
    h('div', { class: 'page-head' }, h('h1', {}, 'Services in ', h('code', { id: 'services-namespace' }, ctx.ns)),
      h('button', { type: 'button', id: 'refresh', onclick: () => ctx.reload() }, 'Refresh')),
    searchForm(ctx, search, groupName),
    section(`${result.count} service${result.count === 1 ? '' : 's'}`, 'services-section',
      result.services.length === 0 ? empty('services-empty', emptyText(ctx.ns, search, groupName))
        : table('services-table',
          ['Service', 'Group', 'Clusters', 'Instances', 'Healthy', 'Subscribers', 'Kind', 'Protect threshold'],
          result.services.map((s) => row(ctx, s))),
      pager((n) => ctx.link(['services'], { search, groupName, pageNo: n > 1 ? n : '' }), pageNo, pages)));
}

function emptyText(ns, search, groupName) {
  if (search || groupName) {
    return `No services in namespace ${ns} match${search ? ` "${search}"` : ''}${groupName ? ` in group ${groupName}` : ''}.`;
  }
  return `No services in namespace ${ns}.`;
}

function searchForm(ctx, search, groupName) {
  const name = h('input', { id: 'service-search', type: 'search', value: search, placeholder: 'part of a service name' });
  const group = h('input', { id: 'service-group', value: groupName, placeholder: 'any group' });
  const submit = (event) => {
    event.preventDefault();
    ctx.go(['services'], { search: name.value.trim(), groupName: group.value.trim() });
  };
  return h('form', { class: 'card inline-form', id: 'service-search-form', onsubmit: submit },
    h('label', { class: 'grow' }, 'Name ', name), h('label', {}, 'Group ', group),
    h('button', { type: 'submit', id: 'service-search-submit', class: 'primary' }, 'Search'));
}

function row(ctx, s) {
  const unhealthy = s.instanceCount - s.healthyInstanceCount;
  return h('tr', { 'data-testid': `service-row-${s.groupName}-${s.name}`, 'data-service': s.name, 'data-group': s.groupName },
    h('td', {}, h('a', { href: ctx.link(['service', s.groupName, s.name], {}), class: 'service-link',
      'data-testid': `service-link-${s.name}` }, s.name)),
    h('td', {}, s.groupName),
    h('td', { class: 'num' }, s.clusterCount),
    h('td', { class: 'num', 'data-testid': `service-instances-${s.name}` }, s.instanceCount),
    h('td', { class: 'num' }, s.healthyInstanceCount, unhealthy > 0 ? badge(`${unhealthy} unhealthy`, 'warn') : ''),
    h('td', { class: 'num' }, s.subscriberCount),
    h('td', {}, s.ephemeral ? 'ephemeral' : 'persistent'),
    h('td', { class: 'num' }, s.protectThreshold));
}

