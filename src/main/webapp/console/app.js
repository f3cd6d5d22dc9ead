// Starts the console: the namespace switcher in the header, the navigation, and the page for the current hash.
// Every page gets the namespace from the URL (?namespaceId=, default "public"), so links and reloads keep it.

import * as api from './api.js';
import * as router from './router.js';
import { clearError, clearNotice, showError, wireBanner } from './ui.js';
import { h } from './dom.js';
import * as namespaces from './pages/namespaces.js';
import * as services from './pages/services.js';
import * as service from './pages/service.js';
import * as connections from './pages/connections.js';
import * as server from './pages/server.js';

const PAGES = { namespaces, services, service, connections, server };
const DEFAULT_NAMESPACE = 'public';
let renderCount = 0;

function namespaceOf(route) {
  return route.query.get('namespaceId') || DEFAULT_NAMESPACE;
}

async function loadNamespaces(selected) {
  const select = document.getElementById('namespace-switcher');
  let list = [];
  try {
    list = await api.get('/namespaces');
  } catch (e) {
    showError(e);
  }
  const options = list.map((ns) => h('option', { value: ns.id }, ns.name && ns.name !== ns.id ? `${ns.name} (${ns.id})` : ns.id));
  if (!list.some((ns) => ns.id === selected)) options.push(h('option', { value: selected }, `${selected} (not found)`));
  select.replaceChildren(...options);
  select.value = selected;
}

function updateNav(page, ns) {
  for (const a of document.querySelectorAll('#nav a')) {
    a.href = router.link([a.dataset.route], { namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns });
    a.classList.toggle('active', a.dataset.route === page || (page === 'service' && a.dataset.route === 'services'));
  }
  document.getElementById('brand').href = router.link(['services'], { namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns });
}

async function render() {
  const route = router.current();
  const name = PAGES[route.path[0]] ? route.path[0] : 'services';
  const ns = namespaceOf(route);
  const main = document.getElementById('page');
  const mine = ++renderCount;
  clearNotice();
  main.dataset.page = name;
  main.dataset.state = 'loading';
  updateNav(name, ns);
  const select = document.getElementById('namespace-switcher');
  if (select.value !== ns) await loadNamespaces(ns);
  const ctx = {
    ns,
    route,
    /** A link to a page in the current namespace. */
    link: (segments, query) => router.link(segments, { ...query, namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns }),
    go: (segments, query) => router.go(segments, { ...query, namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns }),
    reload: render,
    refreshNamespaces: () => loadNamespaces(ns),
  };
  let content;
  try {
    content = await PAGES[name].render(ctx);
  } catch (e) {
    showError(e);
    content = h('p', { class: 'empty', 'data-testid': 'page-error' }, 'This page could not be loaded: see the message above.');
  }
  if (mine !== renderCount) return; // a newer navigation has taken over
  main.replaceChildren(content);
  main.dataset.state = 'ready';
}

function switchNamespace(event) {
  const ns = event.target.value;
  const route = router.current();
  clearError();
  // A service belongs to one namespace: switching from its detail goes to the new namespace's service list.
  const page = route.path[0] === 'service' || !PAGES[route.path[0]] ? 'services' : route.path[0];
  router.go([page], { namespaceId: ns === DEFAULT_NAMESPACE ? '' : ns });
}

wireBanner();
document.getElementById('namespace-switcher').addEventListener('change', switchNamespace);
router.onChange(() => {
  clearError();
  render();
});
render();
