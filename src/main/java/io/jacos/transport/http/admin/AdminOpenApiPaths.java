package io.jacos.transport.http.admin;

import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.Paths;

import java.util.Map;

/**
 * Puts the admin application's path in front of the admin paths in the server's {@code /openapi}. The WAR holds
 * several JAX-RS applications, and Payara then lists resource paths relative to the context root without the
 * {@code @ApplicationPath} ({@code /cluster} where the URL is {@code /nacos/admin/cluster}). Registered through
 * {@code mp.openapi.filter}; paths that already carry the prefix are left alone.
 */
public class AdminOpenApiPaths implements OASFilter {

    static final String PREFIX = "/admin";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Paths paths = openAPI.getPaths();
        if (paths == null || paths.getPathItems() == null) {
            return;
        }
        for (Map.Entry<String, PathItem> entry : Map.copyOf(paths.getPathItems()).entrySet()) {
            String path = entry.getKey();
            if (!path.startsWith(PREFIX + "/")) {
                paths.removePathItem(path);
                paths.addPathItem(PREFIX + path, entry.getValue());
            }
        }
    }
}
