package io.jacos.transport.grpc.handler;

import io.jacos.model.ClientId;

import java.util.Map;

/**
 * Who sent a request: the registered connection's client id, the IP the client reported, the user its token
 * names ({@code ""} when auth is off or the call is open), and the labels the connection was set up with.
 */
public record RequestContext(ClientId client, String clientIp, String user, Map<String, String> labels) {

    /** The connection label an application sets through {@code nacos.app.conn.labels}: prefixed {@code app_}. */
    public static final String APP_LABEL_PREFIX = "app_";

    public RequestContext {
        labels = labels == null ? Map.of() : labels;
    }

    public RequestContext(ClientId client, String clientIp, String user) {
        this(client, clientIp, user, Map.of());
    }

    /** The application label {@code name} (set as {@code app_<name>}), or null. */
    public String appLabel(String name) {
        String value = labels.get(APP_LABEL_PREFIX + name);
        return value == null || value.isBlank() ? null : value;
    }
}
