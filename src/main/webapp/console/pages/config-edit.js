// Creates a configuration, or edits one. "Review" shows what the edit changes, line by line, against the content
// as it was loaded; "Publish" sends it with that content's md5, so an edit made meanwhile by someone else is
// refused (the server's sentence in the banner) rather than silently overwritten. A new configuration whose data
// id is taken is refused before anything is written.

import * as api from '../api.js';
import { h, section } from '../dom.js';
import { attempt, noticeAfterNavigation, showError } from '../ui.js';
import { diffView } from './diffview.js';

const TYPES = ['text', 'json', 'xml', 'yaml', 'html', 'properties', 'toml'];

export async function render(ctx) {
  const [group, dataId] = ctx.route.path.slice(1);
  const editing = Boolean(group && dataId);
  const loaded = editing
    ? await api.get(`/configs/${api.seg(group)}/${api.seg(dataId)}`, { namespaceId: ctx.ns })
    : { content: '', type: 'text', desc: '', tags: '', appName: '', md5: '' };
  const fields = {
    dataId: h('input', { id: 'config-data-id', required: true, maxlength: 255, value: dataId || '', readonly: editing }),
    group: h('input', { id: 'config-group', required: true, maxlength: 128, value: group || 'DEFAULT_GROUP', readonly: editing }),
    type: h('select', { id: 'config-type' }, TYPES.map((t) => h('option', { value: t }, t))),
    desc: h('input', { id: 'config-desc', maxlength: 256, value: loaded.desc || '' }),
    tags: h('input', { id: 'config-tags', maxlength: 512, value: loaded.tags || '', placeholder: 'comma-separated' }),
    appName: h('input', { id: 'config-app', maxlength: 128, value: loaded.appName || '' }),
    content: h('textarea', { id: 'config-text', 'data-testid': 'config-text', rows: 22, spellcheck: 'false' }),
  };
  fields.type.value = TYPES.includes(loaded.type) ? loaded.type : 'text';
  fields.content.value = loaded.content;
  const review = h('div', { id: 'config-review', 'data-testid': 'config-review' });
  const showReview = () => review.replaceChildren(section('Changes to publish', 'config-review-section',
    diffView('config-review-diff', loaded.content, fields.content.value)));
  const submit = async (event) => {
    event.preventDefault();
    await publish(ctx, editing, loaded, fields);
  };
  return h('div', { class: 'page', 'data-testid': 'config-edit-page' },
    h('div', { class: 'page-head' }, h('h1', {}, editing ? `Edit ${dataId}` : 'Create a configuration'),
      h('a', { href: editing ? ctx.link(['config', group, dataId], {}) : ctx.link(['configs'], {}) }, 'Cancel')),
    h('form', { class: 'card config-form', id: 'config-form', 'data-testid': 'config-form', onsubmit: submit },
      h('div', { class: 'inline-form' },
        h('label', { class: 'grow' }, 'Data ID ', fields.dataId), h('label', {}, 'Group ', fields.group),
        h('label', {}, 'Type ', fields.type), h('label', {}, 'Application ', fields.appName)),
      h('div', { class: 'inline-form' },
        h('label', { class: 'grow' }, 'Description ', fields.desc), h('label', { class: 'grow' }, 'Tags ', fields.tags)),
      h('label', { class: 'block' }, 'Content ', fields.content),
      h('div', { class: 'actions-set' },
        h('button', { type: 'button', id: 'config-review-button', 'data-testid': 'config-review-button', onclick: showReview }, 'Review changes'),
        h('button', { type: 'submit', id: 'config-publish', 'data-testid': 'config-publish', class: 'primary' }, 'Publish'))),
    review);
}

async function publish(ctx, editing, loaded, fields) {
  const dataId = fields.dataId.value.trim();
  const group = fields.group.value.trim();
  const path = `/configs/${api.seg(group)}/${api.seg(dataId)}`;
  let taken = false;
  if (!editing && !await attempt(async () => { taken = await exists(ctx, path); })) return;
  if (taken) {
    showError(new Error(`A configuration ${dataId} already exists in group ${group}; open it to edit it.`));
    return;
  }
  const body = { content: fields.content.value, type: fields.type.value, desc: fields.desc.value.trim(),
    tags: fields.tags.value.trim(), appName: fields.appName.value.trim() };
  if (editing) body.casMd5 = loaded.md5;
  if (await attempt(() => api.put(path, body, { namespaceId: ctx.ns }))) {
    noticeAfterNavigation(`Configuration ${dataId} published.`);
    ctx.go(['config', group, dataId], {});
  }
}

async function exists(ctx, path) {
  try {
    await api.get(path, { namespaceId: ctx.ns });
    return true;
  } catch (e) {
    if (e.status === 404) return false;
    throw e;
  }
}
