package io.jacos.transport.http.admin;

import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.Paths;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AdminOpenApiPathsTest {

    @Test
    void adminPathsGetTheApplicationPathOnce() {
        Map<String, PathItem> items = new LinkedHashMap<>();
        PathItem item = proxy(PathItem.class, Map.of());
        items.put("/cluster", item);
        items.put("/admin/server", item);
        Paths paths = proxy(Paths.class, items);

        AdminOpenApiPaths.prefix(paths);

        assertEquals(Set.of("/admin/cluster", "/admin/server"), items.keySet());
    }

    /** A model backed by a map: the MicroProfile models are interfaces the server implements. */
    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, Map<String, ?> state) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type}, (self, method, args) ->
                switch (method.getName()) {
                    case "getPaths" -> state.get("paths");
                    case "getPathItems" -> state;
                    case "removePathItem" -> {
                        ((Map<String, ?>) state).remove((String) args[0]);
                        yield null;
                    }
                    case "addPathItem" -> {
                        ((Map<String, Object>) state).put((String) args[0], args[1]);
                        yield self;
                    }
                    default -> null;
                });
    }
}
