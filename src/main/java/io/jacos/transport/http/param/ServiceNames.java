package io.jacos.transport.http.param;

import io.jacos.application.ServiceRef;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;

/**
 * Service names as the HTTP APIs take them. The v1 API names a service by {@code serviceName}, which 1.x clients
 * send grouped ({@code DEFAULT_GROUP@@orders}); a bare name is put in the {@code groupName} parameter's group
 * (default {@code DEFAULT_GROUP}). When the name is grouped, its own group wins and {@code groupName} is ignored,
 * as Nacos does: the 1.4.6 client sends both, and only the grouped name is sure to be there. The v2 API takes
 * the bare name and the group separately.
 */
public final class ServiceNames {

    private ServiceNames() {
    }

    /** The service a v1 request names; refused when {@code serviceName} is missing or its group is empty. */
    public static ServiceRef v1(RequestParams params) {
        return v1(params.text("namespaceId"), params.required("serviceName"), params.text("groupName"));
    }

    static ServiceRef v1(String namespace, String serviceName, String groupName) {
        String name = serviceName.trim();
        int separator = name.indexOf(ServiceKey.GROUP_SEPARATOR);
        if (separator < 0) {
            return new ServiceRef(namespace, groupName, name);
        }
        String group = name.substring(0, separator);
        String bare = name.substring(separator + ServiceKey.GROUP_SEPARATOR.length());
        if (group.isBlank() || bare.isBlank()) {
            throw RegistryException.illegal("serviceName", "Param 'serviceName' is illegal: '" + name
                    + "' (expected groupName@@serviceName or a bare service name).");
        }
        // What follows the first separator is the bare name; the rules refuse a second '@@' in it.
        return new ServiceRef(namespace, group, bare);
    }

    /** The service a v2 request names: bare {@code serviceName} plus {@code groupName}. */
    public static ServiceRef v2(RequestParams params) {
        return new ServiceRef(params.text("namespaceId"), params.text("groupName"), params.required("serviceName"));
    }
}
