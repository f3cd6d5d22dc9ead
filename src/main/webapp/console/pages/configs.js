// Configurations of the current namespace: search by data id and group (exact, or with * as a wildcard), page
// through, open one, create one. Search and page live in the URL, so a result can be linked to and survives a reload.

import * as api from '../api.js';
import { empty, formatTime, h, pager, section, table } from '../dom.js';
import { attempt, noticeAfterNavigation, showNotice } from '../ui.js';

const PAGE_SIZE = 20;

export async function render(ctx) {
  const dataId = ctx.route.query.get('dataId') || '';
  const group = ctx.route.query.get('group') || '';
  const pageNo = Math.max(1, Number.parseInt(ctx.route.query.get('pageNo') || '1', 10) || 1);
  const result = await api.get('/configs', { namespaceId: ctx.ns, dataId: pattern(dataId), group: pattern(group),
    search: 'blur', pageNo, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(result.totalCount / PAGE_SIZE));
  return h('div', { class: 'page', 'data-testid': 'configs-page' },
    h('div', { class: 'page-head' }, h('h1', {}, 'Configurations in ', h('code', { id: 'configs-namespace' }, ctx.ns)),
      h('a', { class: 'button primary', href: ctx.link(['config-edit'], {}), id: 'config-create',
        'data-testid': 'config-create' }, 'Create configuration'),
      h('button', { type: 'button', id: 'config-export', 'data-testid': 'config-export',
        onclick: () => exportNamespace(ctx) }, 'Export namespace'),
      h('button', { type: 'button', id: 'refresh', onclick: () => ctx.reload() }, 'Refresh')),
    searchForm(ctx, dataId, group),
    importForm(ctx),
    section(`${result.totalCount} configuration${result.totalCount === 1 ? '' : 's'}`, 'configs-section',
      result.items.length === 0 ? empty('configs-empty', emptyText(ctx.ns, dataId, group))
        : table('configs-table', ['Data ID', 'Group', 'Type', 'Application', 'Size', 'Last changed', 'By'],
          result.items.map((c) => row(ctx, c))),
      pager((n) => ctx.link(['configs'], { dataId, group, pageNo: n > 1 ? n : '' }), pageNo, pages)));
}

/** The namespace's configurations as the Nacos console's zip, saved by the browser under the server's name for it. */
async function exportNamespace(ctx) {
  await attempt(async () => {
    const { blob, filename } = await api.download('/config-archive', { namespaceId: ctx.ns });
    const link = h('a', { href: URL.createObjectURL(blob), download: filename, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    showNotice(`Exported ${filename} (${formatSize(blob.size)}).`);
  });
}

/** Imports a zip exported from Nacos or Jacos into the current namespace, with Nacos's policies. */
function importForm(ctx) {
  const file = h('input', { id: 'config-import-file', 'data-testid': 'config-import-file', type: 'file',
    accept: '.zip,application/zip', required: true });
  const policy = h('select', { id: 'config-import-policy', 'data-testid': 'config-import-policy' },
    h('option', { value: 'ABORT' }, 'Abort if any exists'), h('option', { value: 'SKIP' }, 'Skip existing'),
    h('option', { value: 'OVERWRITE' }, 'Overwrite existing'));
  const submit = async (event) => {
    event.preventDefault();
    const chosen = file.files[0];
    if (!chosen) return;
    let counts;
    if (await attempt(async () => {
      counts = await api.upload('/config-archive', chosen, 'application/zip', { namespaceId: ctx.ns, policy: policy.value });
    })) {
      noticeAfterNavigation(importSummary(counts));
      ctx.reload();
    }
  };
  return h('form', { class: 'card inline-form', id: 'config-import-form', onsubmit: submit },
    h('label', { class: 'grow' }, 'Import a zip ', file), h('label', {}, 'If a configuration exists ', policy),
    h('button', { type: 'submit', id: 'config-import-submit', 'data-testid': 'config-import-submit' }, 'Import'));
}

function importSummary(counts) {
  const failed = (counts.failData || []).length;
  const parts = [`${counts.succCount || 0} imported`, `${counts.skipCount || 0} skipped`];
  if (failed) parts.push(`${failed} failed (${counts.failData.map((f) => `${f.group}/${f.dataId}: ${f.reason || 'refused'}`).join('; ')})`);
  if (counts.unrecognizedCount) parts.push(`${counts.unrecognizedCount} entries named no configuration`);
  return `Import: ${parts.join(', ')}.`;
}

/** What a user types as a part of a name is searched as one; a typed * is kept as the wildcard it is. */
function pattern(text) {
  if (!text) return '';
  return text.includes('*') ? text : `*${text}*`;
}

function emptyText(ns, dataId, group) {
  if (dataId || group) return `No configurations in namespace ${ns} match this search.`;
  return `No configurations in namespace ${ns}.`;
}

function searchForm(ctx, dataId, group) {
  const dataInput = h('input', { id: 'config-search-data-id', type: 'search', value: dataId, placeholder: 'part of a data id, or a pattern with *' });
  const groupInput = h('input', { id: 'config-search-group', value: group, placeholder: 'any group' });
  const submit = (event) => {
    event.preventDefault();
    ctx.go(['configs'], { dataId: dataInput.value.trim(), group: groupInput.value.trim() });
  };
  return h('form', { class: 'card inline-form', id: 'config-search-form', onsubmit: submit },
    h('label', { class: 'grow' }, 'Data ID ', dataInput), h('label', {}, 'Group ', groupInput),
    h('button', { type: 'submit', id: 'config-search-submit', class: 'primary' }, 'Search'));
}

function row(ctx, c) {
  return h('tr', { 'data-testid': `config-row-${c.group}-${c.dataId}`, 'data-data-id': c.dataId, 'data-group': c.group },
    h('td', {}, h('a', { href: ctx.link(['config', c.group, c.dataId], {}), class: 'config-link',
      'data-testid': `config-link-${c.dataId}` }, c.dataId)),
    h('td', {}, c.group),
    h('td', {}, c.type || 'text'),
    h('td', {}, c.appName || h('span', { class: 'muted' }, '–')),
    h('td', { class: 'num' }, formatSize(c.size)),
    h('td', { class: 'num' }, formatTime(c.modifiedTime)),
    h('td', {}, c.user || c.ip || h('span', { class: 'muted' }, '–')));
}

export function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

