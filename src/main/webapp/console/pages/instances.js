// The instances table of a service page. Weight is edited in place (Enter or Save) and enabled is a toggle; each
// edit is one PUT, after which the page reloads to show what the server now holds.

import * as api from '../api.js';
import { badge, empty, h, keyValues, section, table } from '../dom.js';
import { attempt, showNotice } from '../ui.js';

export function instancesSection(list, edit) {
  const sorted = [...list].sort((a, b) => `${a.clusterName} ${a.ip}:${a.port}`.localeCompare(`${b.clusterName} ${b.ip}:${b.port}`,
    undefined, { numeric: true }));
  return section(`Instances (${list.length})`, 'instances-section', list.length === 0
    ? empty('instances-empty', 'No instances: nothing is registered for this service now.')
    : table('instances-table', ['Instance', 'Cluster', 'Weight', 'Health', 'Enabled', 'Kind', 'Metadata', 'Client', 'Node'],
      sorted.map((i) => row(i, edit))));
}

function row(i, edit) {
  const key = `${i.ip}:${i.port}`;
  return h('tr', { 'data-testid': `instance-row-${key}`, 'data-instance': key, 'data-enabled': String(i.enabled),
    class: i.enabled ? '' : 'disabled' },
  h('td', {}, h('code', {}, key)),
  h('td', {}, i.clusterName),
  h('td', {}, weightEditor(i, edit)),
  h('td', {}, i.healthy ? badge('healthy', 'ok') : badge('unhealthy', 'bad')),
  h('td', {}, enabledToggle(i, edit)),
  h('td', {}, i.ephemeral ? 'ephemeral' : 'persistent'),
  h('td', {}, keyValues(i.metadata)),
  h('td', { 'data-testid': `instance-client-${key}` }, h('code', {}, i.client)),
  h('td', {}, i.node));
}

async function save(i, edit, body, what) {
  const query = { ...edit.query, cluster: i.clusterName, ip: i.ip, port: i.port };
  if (await attempt(() => api.put(`${edit.base}/instances`, body, query))) {
    await edit.ctx.reload();
    showNotice(`${i.ip}:${i.port}: ${what}.`);
  }
}

function weightEditor(i, edit) {
  const key = `${i.ip}:${i.port}`;
  const input = h('input', { type: 'number', min: 0, max: 10000, step: 'any', value: i.weight, class: 'weight',
    'data-testid': `weight-input-${key}`, 'aria-label': `Weight of ${key}` });
  const submit = (event) => {
    event.preventDefault();
    const weight = Number(input.value);
    if (input.value.trim() === '' || Number.isNaN(weight)) {
      save(i, edit, { weight: input.value }, 'weight saved');
      return;
    }
    save(i, edit, { weight }, `weight set to ${weight}`);
  };
  return h('form', { class: 'inline', novalidate: true, onsubmit: submit }, input,
    h('button', { type: 'submit', class: 'small', 'data-testid': `weight-save-${key}` }, 'Save'));
}

function enabledToggle(i, edit) {
  const key = `${i.ip}:${i.port}`;
  const box = h('input', { type: 'checkbox', checked: i.enabled, 'data-testid': `enabled-toggle-${key}`,
    'aria-label': `${key} enabled` });
  box.addEventListener('change', () => {
    box.disabled = true;
    save(i, edit, { enabled: box.checked }, box.checked ? 'enabled' : 'disabled').finally(() => { box.disabled = false; });
  });
  return h('label', { class: 'toggle' }, box, h('span', {}, i.enabled ? 'on' : 'off'));
}
