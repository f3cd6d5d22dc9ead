// The change history of a service as a timeline, newest first: when, what happened, to which instance, why
// (the cause in words) and who did it (a connection id, a client address, an admin or a peer node).

import { empty, formatTime, h, section } from '../dom.js';

const TYPE_CLASS = { REGISTERED: 'ok', DEREGISTERED: 'bad', HEALTH_CHANGED: 'warn', EDITED: 'info' };

export function historySection(list) {
  return section(`Change history (${list.length})`, 'history-section', list.length === 0
    ? empty('history-empty', 'No changes recorded for this service.')
    : h('ol', { class: 'timeline', id: 'history', 'data-testid': 'history' }, list.map(entry)));
}

function entry(e) {
  return h('li', { class: `event ${TYPE_CLASS[e.type] || ''}`, 'data-testid': 'history-entry', 'data-type': e.type,
    'data-cause': e.cause, 'data-actor': e.actor, 'data-instance': e.instance },
  h('div', { class: 'event-head' },
    h('time', { datetime: new Date(e.time).toISOString() }, formatTime(e.time)),
    h('span', { class: `badge ${TYPE_CLASS[e.type] || ''}` }, e.type),
    h('code', { class: 'event-instance' }, e.instance), e.cluster ? h('span', { class: 'muted' }, e.cluster) : ''),
  h('div', { class: 'event-body' },
    h('span', { class: 'event-cause' }, e.causeText || e.cause),
    ' · by ', h('code', { class: 'event-actor' }, e.actor || 'unknown'),
    e.detail ? h('div', { class: 'event-detail muted' }, e.detail) : ''));
}
