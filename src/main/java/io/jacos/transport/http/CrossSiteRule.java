package io.jacos.transport.http;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a request that changes state may come from where it says it comes from. A browser names the page that
 * sent a request ({@code Sec-Fetch-Site}, {@code Origin}); a write that a page of another site sent is refused,
 * so a page the operator happens to visit cannot drive the admin API from the operator's browser. Requests
 * without those headers (scripts, curl, peers relaying) are not a browser's cross-site request and pass.
 */
final class CrossSiteRule {

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

    private CrossSiteRule() {
    }

    /**
     * @param host the request's {@code Host} header ({@code host[:port]}), or null
     */
    static boolean allows(String method, String secFetchSite, String origin, String host) {
        if (READS.contains(method.toUpperCase(Locale.ROOT))) {
            return true;
        }
        if (secFetchSite != null) {
            String site = secFetchSite.trim().toLowerCase(Locale.ROOT);
            // "none" is the operator typing or bookmarking; "same-site" is another port or subdomain: refused.
            return site.equals("same-origin") || site.equals("none");
        }
        if (origin == null) {
            return true;
        }
        return host != null && sameHost(origin, host);
    }

    private static boolean sameHost(String origin, String host) {
        try {
            URI uri = URI.create(origin.trim());
            if (uri.getHost() == null) {
                return false;
            }
            String authority = uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ':' + uri.getPort();
            return authority.equalsIgnoreCase(host.trim());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
