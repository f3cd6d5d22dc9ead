// Namespaces: the list with service and instance counts, a form to create one, the description edited in place,
// and delete (the server refuses a namespace that still holds services; its sentence shows in the banner).

import * as api from '../api.js';
import { empty, h, section, table } from '../dom.js';
import { attempt, showNotice } from '../ui.js';
import { link } from '../router.js';

export async function render(ctx) {
  const list = await api.get('/namespaces');
  return h('div', { class: 'page', 'data-testid': 'namespaces-page' },
    h('div', { class: 'page-head' }, h('h1', {}, 'Namespaces'),
      h('button', { type: 'button', id: 'refresh', onclick: () => ctx.reload() }, 'Refresh')),
    createForm(ctx),
    section('All namespaces', 'namespaces-section', list.length === 0
      ? empty('namespaces-empty', 'No namespaces.')
      : table('namespaces-table', ['ID', 'Name', 'Description', 'Services', 'Instances', ''],
        list.map((ns) => row(ctx, ns)))));
}

function createForm(ctx) {
  const id = h('input', { id: 'ns-create-id', name: 'id', placeholder: 'generated if empty', maxlength: 128 });
  const name = h('input', { id: 'ns-create-name', name: 'name', required: true, maxlength: 128 });
  const description = h('input', { id: 'ns-create-description', name: 'description', maxlength: 256 });
  const submit = async (event) => {
    event.preventDefault();
    const body = { name: name.value.trim(), description: description.value.trim() };
    if (id.value.trim()) body.id = id.value.trim();
    let created;
    if (await attempt(async () => { created = await api.post('/namespaces', body); })) {
      await ctx.reload();
      await ctx.refreshNamespaces();
      showNotice(`Namespace ${created.id} created.`);
    }
  };
  return h('form', { class: 'card inline-form', id: 'ns-create-form', 'data-testid': 'ns-create-form', onsubmit: submit },
    h('h2', {}, 'Create a namespace'),
    h('label', {}, 'ID ', id), h('label', {}, 'Name ', name), h('label', { class: 'grow' }, 'Description ', description),
    h('button', { type: 'submit', id: 'ns-create-submit', class: 'primary' }, 'Create'));
}

function row(ctx, ns) {
  const tr = h('tr', { 'data-testid': `ns-row-${ns.id}`, 'data-ns': ns.id });
  const descriptionCell = h('td', { class: 'ns-description' }, ns.description || '');
  const edit = h('button', { type: 'button', class: 'small', 'data-testid': `ns-edit-${ns.id}` }, 'Edit description');
  const remove = h('button', { type: 'button', class: 'small danger', 'data-testid': `ns-delete-${ns.id}` }, 'Delete');
  edit.addEventListener('click', () => editDescription(ctx, ns, descriptionCell));
  // Two clicks to delete: the first asks, the second sends.
  remove.addEventListener('click', async () => {
    if (remove.dataset.armed !== 'true') {
      remove.dataset.armed = 'true';
      remove.textContent = 'Confirm delete';
      return;
    }
    if (await attempt(() => api.del(`/namespaces/${api.seg(ns.id)}`))) {
      await ctx.reload();
      await ctx.refreshNamespaces();
      showNotice(`Namespace ${ns.id} deleted.`);
    } else {
      remove.dataset.armed = 'false';
      remove.textContent = 'Delete';
    }
  });
  tr.append(
    h('td', {}, h('a', { href: link(['services'], { namespaceId: ns.id }), 'data-testid': `ns-open-${ns.id}` }, ns.id)),
    h('td', {}, ns.name), descriptionCell,
    h('td', { class: 'num', 'data-testid': `ns-services-${ns.id}` }, ns.serviceCount),
    h('td', { class: 'num', 'data-testid': `ns-instances-${ns.id}` }, ns.instanceCount),
    h('td', { class: 'actions' }, edit, remove));
  return tr;
}

function editDescription(ctx, ns, cell) {
  const input = h('input', { value: ns.description || '', 'data-testid': `ns-description-input-${ns.id}`, maxlength: 256 });
  const save = async (event) => {
    event.preventDefault();
    if (await attempt(() => api.put(`/namespaces/${api.seg(ns.id)}`, { name: ns.name, description: input.value.trim() }))) {
      await ctx.reload();
      showNotice(`Description of ${ns.id} saved.`);
    }
  };
  cell.replaceChildren(h('form', { class: 'inline', onsubmit: save }, input,
    h('button', { type: 'submit', class: 'small primary', 'data-testid': `ns-description-save-${ns.id}` }, 'Save'),
    h('button', { type: 'button', class: 'small', onclick: () => cell.replaceChildren(ns.description || '') }, 'Cancel')));
  input.focus();
}
