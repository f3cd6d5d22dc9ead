// Users & roles, for a global admin with auth on: users (create, change password, delete), which user holds which
// role (ROLE_ADMIN makes a global admin), and what each role may do per namespace (READ, WRITE; * for all).
// Every refusal (a weak password, the last admin) shows in the banner as the server worded it.

import * as api from '../api.js';
import { badge, empty, h, section, table } from '../dom.js';
import { attempt, showNotice } from '../ui.js';

export async function render(ctx) {
  const [users, roles, permissions, namespaces] = await Promise.all([
    api.get('/users'), api.get('/roles'), api.get('/permissions'), api.get('/namespaces')]);
  return h('div', { class: 'page', 'data-testid': 'users-page' },
    h('div', { class: 'page-head' }, h('h1', {}, 'Users & roles'),
      h('button', { type: 'button', id: 'refresh', onclick: () => ctx.reload() }, 'Refresh')),
    createUserForm(ctx),
    section('Users', 'users-section', users.length === 0 ? empty('users-empty', 'No users.')
      : table('users-table', ['User', 'Roles', '', ''], users.map((u) => userRow(ctx, u)))),
    bindForm(ctx, users),
    section('Role bindings', 'roles-section', roles.length === 0 ? empty('roles-empty', 'No role is bound.')
      : table('roles-table', ['Role', 'User', ''], roles.map((r) => roleRow(ctx, r)))),
    grantForm(ctx, namespaces),
    section('Permissions', 'permissions-section', permissions.length === 0 ? empty('permissions-empty', 'No grants.')
      : table('permissions-table', ['Role', 'Namespace', 'Actions', ''], permissions.map((p) => permissionRow(ctx, p)))));
}

function createUserForm(ctx) {
  const name = h('input', { id: 'user-create-name', 'data-testid': 'user-create-name', required: true, maxlength: 128,
    autocomplete: 'off' });
  const password = h('input', { id: 'user-create-password', 'data-testid': 'user-create-password', type: 'password',
    required: true, minlength: 8, maxlength: 256, autocomplete: 'new-password' });
  const submit = async (event) => {
    event.preventDefault();
    const username = name.value.trim();
    if (await attempt(() => api.post('/users', { username, password: password.value }))) {
      await ctx.reload();
      showNotice(`User ${username} created.`);
    }
  };
  return h('form', { class: 'card inline-form', id: 'user-create-form', 'data-testid': 'user-create-form', onsubmit: submit },
    h('h2', {}, 'Create a user'), h('label', {}, 'User name ', name), h('label', {}, 'Password (8 or more) ', password),
    h('button', { type: 'submit', id: 'user-create-submit', 'data-testid': 'user-create-submit', class: 'primary' }, 'Create'));
}

/** A button that asks once more before it acts: the first click arms it, the second runs the action. */
function confirmButton(testid, label, action) {
  const button = h('button', { type: 'button', class: 'small danger', 'data-testid': testid }, label);
  button.addEventListener('click', async () => {
    if (button.dataset.armed !== 'true') {
      button.dataset.armed = 'true';
      button.textContent = `Confirm ${label.toLowerCase()}`;
      return;
    }
    if (!(await action())) {
      button.dataset.armed = 'false';
      button.textContent = label;
    }
  });
  return button;
}

function userRow(ctx, user) {
  const passwordCell = h('td', { class: 'actions' });
  const change = h('button', { type: 'button', class: 'small', 'data-testid': `user-password-${user.username}` }, 'Change password');
  change.addEventListener('click', () => passwordCell.replaceChildren(passwordForm(ctx, user, passwordCell, change)));
  passwordCell.append(change);
  const remove = confirmButton(`user-delete-${user.username}`, 'Delete', async () => {
    const done = await attempt(() => api.del(`/users/${api.seg(user.username)}`));
    if (done) {
      await ctx.reload();
      showNotice(`User ${user.username} deleted.`);
    }
    return done;
  });
  return h('tr', { 'data-testid': `user-row-${user.username}` },
    h('td', {}, user.username, user.globalAdmin ? badge('admin', 'info') : null),
    h('td', {}, user.roles.length ? user.roles.join(', ') : h('span', { class: 'muted' }, '–')),
    passwordCell, h('td', { class: 'actions' }, remove));
}

function passwordForm(ctx, user, cell, change) {
  const input = h('input', { type: 'password', minlength: 8, maxlength: 256, required: true, autocomplete: 'new-password',
    'data-testid': `user-password-input-${user.username}` });
  const save = async (event) => {
    event.preventDefault();
    if (await attempt(() => api.put(`/users/${api.seg(user.username)}/password`, { password: input.value }))) {
      cell.replaceChildren(change);
      showNotice(`Password of ${user.username} changed.`);
    }
  };
  queueMicrotask(() => input.focus());
  return h('form', { class: 'inline', onsubmit: save }, input,
    h('button', { type: 'submit', class: 'small primary', 'data-testid': `user-password-save-${user.username}` }, 'Save'),
    h('button', { type: 'button', class: 'small', onclick: () => cell.replaceChildren(change) }, 'Cancel'));
}

function bindForm(ctx, users) {
  const role = h('input', { id: 'role-bind-role', 'data-testid': 'role-bind-role', required: true, maxlength: 128,
    placeholder: 'ROLE_ADMIN or a role of yours', list: 'role-suggestions' });
  const suggestions = h('datalist', { id: 'role-suggestions' }, h('option', { value: 'ROLE_ADMIN' }));
  const user = h('select', { id: 'role-bind-user', 'data-testid': 'role-bind-user', required: true },
    users.map((u) => h('option', { value: u.username }, u.username)));
  const submit = async (event) => {
    event.preventDefault();
    const body = { role: role.value.trim(), username: user.value };
    if (await attempt(() => api.post('/roles', body))) {
      await ctx.reload();
      showNotice(`Role ${body.role} bound to ${body.username}.`);
    }
  };
  return h('form', { class: 'card inline-form', id: 'role-bind-form', 'data-testid': 'role-bind-form', onsubmit: submit },
    h('h2', {}, 'Bind a role to a user'), h('label', {}, 'Role ', role), suggestions, h('label', {}, 'User ', user),
    h('button', { type: 'submit', class: 'primary', 'data-testid': 'role-bind-submit' }, 'Bind'));
}

function roleRow(ctx, binding) {
  const key = `${binding.role}-${binding.username}`;
  return h('tr', { 'data-testid': `role-row-${key}` }, h('td', {}, binding.role), h('td', {}, binding.username),
    h('td', { class: 'actions' }, confirmButton(`role-unbind-${key}`, 'Unbind', async () => {
      const done = await attempt(() => api.del('/roles', binding));
      if (done) {
        await ctx.reload();
        showNotice(`Role ${binding.role} unbound from ${binding.username}.`);
      }
      return done;
    })));
}

function grantForm(ctx, namespaces) {
  const role = h('input', { id: 'grant-role', 'data-testid': 'grant-role', required: true, maxlength: 128 });
  const namespace = h('select', { id: 'grant-namespace', 'data-testid': 'grant-namespace' },
    h('option', { value: '*' }, '* (every namespace)'), namespaces.map((ns) => h('option', { value: ns.id }, ns.id)));
  const read = h('input', { type: 'checkbox', checked: true, 'data-testid': 'grant-read' });
  const write = h('input', { type: 'checkbox', 'data-testid': 'grant-write' });
  const submit = async (event) => {
    event.preventDefault();
    const actions = [read.checked ? 'READ' : null, write.checked ? 'WRITE' : null].filter(Boolean);
    const body = { role: role.value.trim(), namespaceId: namespace.value, actions };
    if (await attempt(() => api.post('/permissions', body))) {
      await ctx.reload();
      showNotice(`Role ${body.role} may ${actions.join(' and ')} in ${body.namespaceId}.`);
    }
  };
  return h('form', { class: 'card inline-form', id: 'grant-form', 'data-testid': 'grant-form', onsubmit: submit },
    h('h2', {}, 'Grant a role access to a namespace'), h('label', {}, 'Role ', role), h('label', {}, 'Namespace ', namespace),
    h('span', { class: 'actions-set' }, h('label', { class: 'toggle' }, read, 'Read'), h('label', { class: 'toggle' }, write, 'Write')),
    h('button', { type: 'submit', class: 'primary', 'data-testid': 'grant-submit' }, 'Grant'));
}

function permissionRow(ctx, permission) {
  const key = `${permission.role}-${permission.namespaceId}`;
  return h('tr', { 'data-testid': `permission-row-${key}` }, h('td', {}, permission.role), h('td', {}, permission.namespaceId),
    h('td', {}, permission.actions.map((a) => badge(a, a === 'WRITE' ? 'warn' : 'ok'))),
    h('td', { class: 'actions' }, confirmButton(`permission-revoke-${key}`, 'Revoke', async () => {
      const query = { role: permission.role, namespaceId: permission.namespaceId, actions: permission.actions.join(',') };
      const done = await attempt(() => api.del('/permissions', query));
      if (done) {
        await ctx.reload();
        showNotice(`Revoked ${query.actions} of ${permission.role} in ${permission.namespaceId}.`);
      }
      return done;
    })));
}
