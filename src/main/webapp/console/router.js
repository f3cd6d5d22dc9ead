// Hash routing: "#/services/DEFAULT_GROUP/orders?namespaceId=dev" → { path: ['services', 'DEFAULT_GROUP', 'orders'],
// query: URLSearchParams }. Segments are URL-encoded in links and decoded here, so any service name round-trips.

export function current() {
  const raw = window.location.hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  const pathPart = q < 0 ? raw : raw.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  const path = pathPart.split('/').filter((s) => s !== '').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch (e) {
      return s;
    }
  });
  return { path, query };
}

/** "#/a/b?k=v" from segments and a query object (empty values left out). */
export function link(segments, query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query || {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `#/${segments.map((s) => encodeURIComponent(s)).join('/')}${qs ? `?${qs}` : ''}`;
}

export function go(segments, query) {
  const target = link(segments, query);
  if (window.location.hash === target) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else window.location.hash = target;
}

export function onChange(listener) {
  window.addEventListener('hashchange', listener);
}
