package io.jacos.transport.http.admin;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.Paths;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

import java.util.List;
import java.util.Map;

/**
 * Puts the admin application's path in front of the admin paths in the server's {@code /openapi}. The WAR holds
 * several JAX-RS applications, and Payara then lists resource paths relative to the context root without the
 * {@code @ApplicationPath} ({@code /cluster} where the URL is {@code /nacos/admin/cluster}). Registered through
 * {@code mp.openapi.filter}; paths that already carry the prefix are left alone. Also says how a call
 * authenticates when auth is on: a bearer token from {@code POST /admin/auth/login}, on every path but the login.
 */
public class AdminOpenApiPaths implements OASFilter {

    static final String PREFIX = "/admin";
    static final String BEARER = "bearerToken";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Paths paths = openAPI.getPaths();
        if (paths == null || paths.getPathItems() == null) {
            return;
        }
        prefix(paths);
        declareBearer(openAPI, paths);
    }

    static void prefix(Paths paths) {
        for (Map.Entry<String, PathItem> entry : Map.copyOf(paths.getPathItems()).entrySet()) {
            String path = entry.getKey();
            if (!path.startsWith(PREFIX + "/")) {
                paths.removePathItem(path);
                paths.addPathItem(PREFIX + path, entry.getValue());
            }
        }
    }

    /** The models come from the server's OpenAPI implementation, through {@link OASFactory}. */
    private static void declareBearer(OpenAPI openAPI, Paths paths) {
        Components components = openAPI.getComponents() == null ? OASFactory.createComponents()
                : openAPI.getComponents();
        components.addSecurityScheme(BEARER, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP)
                .scheme("bearer").description("With nacos.core.auth.enabled=true: the accessToken of POST"
                        + " /nacos/admin/auth/login (or /nacos/v1/auth/users/login), also accepted as an accessToken"
                        + " header or query parameter"));
        openAPI.setComponents(components);
        openAPI.setSecurity(List.of(OASFactory.createSecurityRequirement().addScheme(BEARER)));
        PathItem login = paths.getPathItem(PREFIX + "/auth/login");
        if (login != null && login.getPOST() != null) {
            login.getPOST().setSecurity(List.of());
        }
    }
}
