package io.jacos.transport.http.config;

import io.jacos.application.ConfigService;
import io.jacos.auth.Action;
import io.jacos.auth.Identity;
import io.jacos.model.ConfigKey;

import java.util.Map;
import java.util.TreeMap;

/**
 * What the client at one address listens to on this node, as the v1 and v3 listener-by-ip answers list it: each
 * configuration's Nacos group key ({@code dataId+group}, {@code +tenant} outside the default namespace, {@code +}
 * and {@code %} escaped as Nacos escapes them) to the md5 the client holds as far as this node knows (null when
 * unknown). Like Nacos, the default namespace's configurations, and those of the namespace asked for, or of every
 * namespace when {@code all}; unlike Nacos, only namespaces the caller may read, as a client's keys name
 * configurations of other namespaces too.
 */
final class ListenedByIp {

    private ListenedByIp() {
    }

    static Map<String, String> status(ConfigListenerLookup listeners, Identity caller, String ip, boolean all,
                                      String askedNamespace) {
        String asked = askedNamespace == null ? null : ConfigKey.namespaceOf(askedNamespace);
        String defaultNamespace = ConfigKey.namespaceOf(null);
        Map<String, String> status = new TreeMap<>();
        for (ConfigService.Listened listened : listeners.of(ip).values()) {
            ConfigKey key = listened.ref().key();
            boolean listed = all || defaultNamespace.equals(key.namespace()) || key.namespace().equals(asked);
            if (listed && caller.may(key.namespace(), Action.READ)) {
                status.put(groupKey(listened), listened.md5());
            }
        }
        return status;
    }

    /** Nacos's group key, with the tenant as the client named it (none for the default namespace's ""). */
    static String groupKey(ConfigService.Listened listened) {
        StringBuilder key = new StringBuilder(escaped(listened.ref().dataId())).append('+')
                .append(escaped(listened.ref().group()));
        String tenant = listened.ref().tenant();
        if (tenant != null && !tenant.isEmpty()) {
            key.append('+').append(escaped(tenant));
        }
        return key.toString();
    }

    private static String escaped(String text) {
        return text.replace("%", "%25").replace("+", "%2B");
    }
}
