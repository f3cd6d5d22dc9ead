package io.jacos.transport.http.access;

import io.jacos.auth.Need;
import io.jacos.testing.ApiRoutes;
import io.jacos.testing.ApiRoutes.Route;
import io.jacos.transport.grpc.dto.NamespacedBody;
import io.jacos.transport.grpc.handler.Handles;
import io.jacos.transport.grpc.handler.RequestHandler;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every HTTP route (read from the JAX-RS model) and every gRPC handler says who may call it, and the declarations
 * are the ones this server promises: a new endpoint without one fails here before it can ship open or closed by
 * accident.
 */
class AccessDeclarationsTest {

    private static Need need(Route route) {
        Access access = route.resourceMethod().getAnnotation(Access.class);
        if (access == null) {
            access = route.resourceMethod().getDeclaringClass().getAnnotation(Access.class);
        }
        return access == null ? null : access.value();
    }

    @Test
    void everyHttpRouteDeclaresWhatItNeeds() {
        List<Route> routes = ApiRoutes.all();
        assertTrue(routes.size() > 60, "the model lists every route: " + routes.size());
        List<String> undeclared = routes.stream().filter(r -> need(r) == null).map(Route::toString).toList();
        assertEquals(List.of(), undeclared);
    }

    @Test
    void theDeclarationsAreThePromisedOnes() {
        Map<String, Need> declared = new TreeMap<>();
        ApiRoutes.all().forEach(route -> declared.put(route.method() + " " + route.template(), need(route)));
        for (Map.Entry<String, Need> entry : declared.entrySet()) {
            String route = entry.getKey();
            String path = route.substring(route.indexOf(' ') + 1);
            boolean read = route.startsWith("GET ");
            Need expected;
            if (path.startsWith("/v1/console/health") || path.startsWith("/v2/console/health")
                    || path.equals("/v1/console/server/state") || path.equals("/actuator/prometheus")
                    || path.endsWith("/login") || path.startsWith("/v3/admin/core/state")) {
                expected = Need.OPEN;
            } else if (route.equals("PUT /v2/ns/{section: operator|ops}/switches") || path.startsWith("/v2/ns/client")
                    || path.startsWith("/v3/admin/ns/client") || route.startsWith("PUT /v3/admin/ns/ops/")
                    || path.startsWith("/v3/admin/cs/ops/")) {
                expected = Need.ADMIN;
            } else if (path.startsWith("/v1/ns/{section") || path.startsWith("/v2/ns/{section")
                    || path.startsWith("/v1/core/") || path.startsWith("/v2/core/")
                    || path.startsWith("/v3/admin/core/cluster/") || route.equals("GET /v3/admin/core/namespace/list")
                    || route.startsWith("GET /v3/admin/ns/ops/") || route.equals("GET /v3/admin/ns/health/checkers")
                    || route.equals("GET /v1/console/namespaces") || route.equals("GET /v2/console/namespace/list")
                    || route.equals("GET /admin/namespaces") || route.equals("GET /admin/auth/me")) {
                expected = Need.IDENTITY;
            } else if (route.equals("POST /v1/cs/configs/listener")) {
                expected = Need.READ;
            } else if (path.startsWith("/v1/ns/") || path.startsWith("/v2/ns/") || path.startsWith("/prometheus")
                    || path.startsWith("/admin/services") || path.startsWith("/admin/config")
                    || path.startsWith("/v1/cs/") || path.startsWith("/v2/cs/") || path.startsWith("/v3/admin/cs/")
                    || path.startsWith("/v3/client/cs/") || path.startsWith("/v3/client/ns/")
                    || path.startsWith("/v3/admin/ns/")) {
                expected = read ? Need.READ : Need.WRITE;
            } else {
                expected = Need.ADMIN;
            }
            assertEquals(expected, entry.getValue(), route);
        }
    }

    /**
     * The operations routes by name, each with what it needs: reads of naming data READ and writes WRITE in the
     * namespace asked for, the clients and a switch change only for an admin (Nacos: {@code nacos/admin},
     * {@code naming/switches}), metrics, switches and nodes for any caller who logged in, namespace changes ADMIN,
     * probes OPEN. A route renamed or dropped fails here as well as one whose need changed.
     */
    @Test
    void theOperationsRoutesAreDeclaredAsPromised() {
        Map<String, Need> declared = new TreeMap<>();
        ApiRoutes.all().forEach(route -> declared.put(route.method() + " " + route.template(), need(route)));
        Map<String, Need> promised = new TreeMap<>(Map.ofEntries(
                Map.entry("GET /v1/ns/catalog/services", Need.READ),
                Map.entry("GET /v1/ns/catalog/service", Need.READ),
                Map.entry("GET /v1/ns/catalog/instances", Need.READ),
                Map.entry("GET /v1/ns/service/subscribers", Need.READ),
                Map.entry("PUT /v2/ns/instance/metadata/batch", Need.WRITE),
                Map.entry("DELETE /v2/ns/instance/metadata/batch", Need.WRITE),
                Map.entry("PUT /v2/ns/health", Need.WRITE),
                Map.entry("PUT /v2/ns/health/instance", Need.WRITE),
                Map.entry("GET /v2/ns/client/list", Need.ADMIN),
                Map.entry("GET /v2/ns/client", Need.ADMIN),
                Map.entry("GET /v2/ns/client/publish/list", Need.ADMIN),
                Map.entry("GET /v2/ns/client/subscribe/list", Need.ADMIN),
                Map.entry("GET /v2/ns/client/service/publisher/list", Need.ADMIN),
                Map.entry("GET /v2/ns/client/service/subscriber/list", Need.ADMIN),
                Map.entry("GET /v2/ns/{section: operator|ops}/switches", Need.IDENTITY),
                Map.entry("PUT /v2/ns/{section: operator|ops}/switches", Need.ADMIN),
                Map.entry("GET /v2/ns/{section: operator|ops}/metrics", Need.IDENTITY),
                Map.entry("GET /v2/core/cluster/node/list", Need.IDENTITY),
                Map.entry("GET /v2/core/cluster/node/self", Need.IDENTITY),
                Map.entry("GET /v2/console/namespace/list", Need.IDENTITY),
                Map.entry("GET /v2/console/namespace", Need.ADMIN),
                Map.entry("POST /v2/console/namespace", Need.ADMIN),
                Map.entry("PUT /v2/console/namespace", Need.ADMIN),
                Map.entry("DELETE /v2/console/namespace", Need.ADMIN),
                Map.entry("GET /v2/console/health/liveness", Need.OPEN),
                Map.entry("GET /v2/console/health/readiness", Need.OPEN),
                Map.entry("GET /v3/admin/ns/service/list", Need.READ),
                Map.entry("PUT /v3/admin/ns/instance/partial", Need.WRITE),
                Map.entry("PUT /v3/admin/ns/instance/metadata/batch", Need.WRITE),
                Map.entry("DELETE /v3/admin/ns/instance/metadata/batch", Need.WRITE),
                Map.entry("GET /v3/admin/cs/config/listener", Need.READ),
                Map.entry("GET /v3/admin/cs/listener", Need.READ),
                Map.entry("GET /v3/admin/cs/config/export", Need.READ),
                Map.entry("POST /v3/admin/cs/config/import", Need.WRITE),
                Map.entry("GET /v3/admin/ns/client/list", Need.ADMIN),
                Map.entry("GET /v3/admin/ns/client", Need.ADMIN),
                Map.entry("GET /v3/admin/ns/client/publish/list", Need.ADMIN),
                Map.entry("GET /v3/admin/ns/client/subscribe/list", Need.ADMIN),
                Map.entry("GET /v3/admin/ns/client/service/publisher/list", Need.ADMIN),
                Map.entry("GET /v3/admin/ns/client/service/subscriber/list", Need.ADMIN),
                Map.entry("GET /v3/admin/ns/client/distro", Need.ADMIN),
                Map.entry("PUT /v3/admin/ns/health/instance", Need.WRITE),
                Map.entry("GET /v3/admin/ns/health/checkers", Need.IDENTITY),
                Map.entry("PUT /v3/admin/ns/cluster", Need.WRITE),
                Map.entry("GET /v3/admin/ns/ops/switches", Need.IDENTITY),
                Map.entry("PUT /v3/admin/ns/ops/switches", Need.ADMIN),
                Map.entry("GET /v3/admin/ns/ops/metrics", Need.IDENTITY),
                Map.entry("PUT /v3/admin/ns/ops/log", Need.ADMIN),
                Map.entry("GET /v3/admin/ns/service/subscribers", Need.READ),
                Map.entry("GET /v3/admin/ns/service/selector/types", Need.READ),
                Map.entry("GET /v3/admin/cs/config/beta", Need.READ),
                Map.entry("DELETE /v3/admin/cs/config/beta", Need.WRITE),
                Map.entry("DELETE /v3/admin/cs/config/batch", Need.WRITE),
                Map.entry("POST /v3/admin/cs/config/clone", Need.WRITE),
                Map.entry("GET /v3/admin/core/namespace/list", Need.IDENTITY),
                Map.entry("GET /v3/admin/core/namespace", Need.ADMIN),
                Map.entry("POST /v3/admin/core/namespace", Need.ADMIN),
                Map.entry("PUT /v3/admin/core/namespace", Need.ADMIN),
                Map.entry("DELETE /v3/admin/core/namespace", Need.ADMIN),
                Map.entry("GET /v3/admin/core/namespace/check", Need.ADMIN),
                Map.entry("GET /v3/admin/core/cluster/node/list", Need.IDENTITY),
                Map.entry("GET /v3/admin/core/state", Need.OPEN),
                Map.entry("GET /v3/admin/core/loader/current", Need.ADMIN),
                Map.entry("POST /v3/admin/core/loader/reloadCurrent", Need.ADMIN),
                Map.entry("POST /v3/admin/core/loader/reloadClient", Need.ADMIN),
                Map.entry("POST /v3/admin/core/loader/smartReloadCluster", Need.ADMIN),
                Map.entry("GET /v3/admin/core/loader/cluster", Need.ADMIN),
                Map.entry("GET /v3/admin/core/ops/ids", Need.ADMIN),
                Map.entry("PUT /v3/admin/core/ops/log", Need.ADMIN),
                Map.entry("POST /v3/admin/core/ops/raft", Need.ADMIN),
                Map.entry("PUT /v3/admin/cs/ops/log", Need.ADMIN),
                Map.entry("GET /v3/admin/cs/ops/derby", Need.ADMIN),
                Map.entry("POST /v3/admin/cs/ops/derby/import", Need.ADMIN),
                Map.entry("POST /v3/admin/cs/ops/localCache", Need.ADMIN)));
        Map<String, Need> found = new TreeMap<>();
        promised.keySet().forEach(route -> found.put(route, declared.get(route)));
        assertEquals(promised, found);
    }

    @Test
    void everyGrpcHandlerDeclaresWhatItServesAndScopedOnesReadANamespacedBody() throws Exception {
        List<Class<?>> handlers = handlerClasses();
        assertTrue(handlers.size() >= 7, handlers.toString());
        for (Class<?> handler : handlers) {
            Handles declared = handler.getAnnotation(Handles.class);
            assertTrue(declared != null, handler.getSimpleName() + " declares no @Handles");
            assertEquals(bodyType(handler), declared.body(), handler.getSimpleName() + " decodes another body than"
                    + " it handles");
            if (declared.access() == Need.READ || declared.access() == Need.WRITE) {
                assertTrue(NamespacedBody.class.isAssignableFrom(declared.body()),
                        handler.getSimpleName() + " checks a namespace its body does not name");
            }
        }
    }

    /** The first type argument of the {@link RequestHandler} the class implements. */
    private static Type bodyType(Class<?> handler) {
        for (Type type : handler.getGenericInterfaces()) {
            if (type instanceof ParameterizedType p && p.getRawType() == RequestHandler.class) {
                return p.getActualTypeArguments()[0];
            }
        }
        throw new AssertionError(handler.getSimpleName() + " does not implement RequestHandler directly");
    }

    private static List<Class<?>> handlerClasses() throws Exception {
        String folder = RequestHandler.class.getPackageName().replace('.', '/');
        List<Class<?>> found = new ArrayList<>();
        for (URL url : java.util.Collections.list(getClassLoader().getResources(folder))) {
            File[] files = new File(url.toURI()).listFiles((dir, name) -> name.endsWith(".class"));
            for (File file : Objects.requireNonNull(files)) {
                Class<?> type = Class.forName(RequestHandler.class.getPackageName() + '.'
                        + file.getName().replace(".class", ""));
                if (RequestHandler.class.isAssignableFrom(type) && !type.isInterface()
                        && !Modifier.isAbstract(type.getModifiers())) {
                    found.add(type);
                }
            }
        }
        return found;
    }

    private static ClassLoader getClassLoader() {
        return AccessDeclarationsTest.class.getClassLoader();
    }
}
