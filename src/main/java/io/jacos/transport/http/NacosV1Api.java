package io.jacos.transport.http;

import io.jacos.transport.http.auth.AuthV1Resource;
import io.jacos.transport.http.config.ConfigHistoryV1Resource;
import io.jacos.transport.http.config.ConfigListenedByIpResource;
import io.jacos.transport.http.config.ConfigListenerResource;
import io.jacos.transport.http.config.ConfigV1Resource;
import io.jacos.transport.http.console.NamespaceResource;
import io.jacos.transport.http.core.ClusterNodesResource;
import io.jacos.transport.http.console.ServerStateResource;
import io.jacos.transport.http.v1.BeatResource;
import io.jacos.transport.http.v1.CatalogResource;
import io.jacos.transport.http.v1.InstanceClusterResource;
import io.jacos.transport.http.v1.HealthResource;
import io.jacos.transport.http.v1.InstanceListResource;
import io.jacos.transport.http.v1.InstanceResource;
import io.jacos.transport.http.v1.OperatorResource;
import io.jacos.transport.http.v1.ServiceResource;
import io.jacos.transport.http.v1.V1Errors;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code /nacos/v1} open API: the naming and configuration APIs 1.x clients use, the ops, core (cluster nodes), console and auth
 * endpoints, the request filters every API has ({@link ApiFilters}), and the v1 error mappers (plain text). Its resources are listed, not scanned, so each API version keeps its own paths and
 * error answers even where they look alike ({@code /v1/ns/instance} and {@code /v2/ns/instance} differ in shape).
 */
@ApplicationPath("v1")
public class NacosV1Api extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(List.of(ConsoleHealthResource.class, NamespaceResource.class,
                ServerStateResource.class, InstanceResource.class, InstanceListResource.class, BeatResource.class,
                ServiceResource.class, CatalogResource.class, OperatorResource.class, HealthResource.class, InstanceClusterResource.class,
                ClusterNodesResource.class, AuthV1Resource.class, ConfigV1Resource.class, ConfigListenerResource.class,
                ConfigHistoryV1Resource.class, ConfigListenedByIpResource.class,
                V1Errors.Refused.class, V1Errors.Denied.class, V1Errors.Unreadable.class, V1Errors.LoginRefused.class,
                V1Errors.UnknownPath.class, V1Errors.WrongMethod.class, V1Errors.Protocol.class,
                V1Errors.Unexpected.class));
        classes.addAll(ApiFilters.ALL);
        return classes;
    }

    /** No generated WADL descriptions (Jersey answers OPTIONS and {@code application.wadl} with them). */
    @Override
    public Map<String, Object> getProperties() {
        return NO_WADL;
    }

    static final Map<String, Object> NO_WADL = Map.of("jersey.config.server.wadl.disableWadl", true);
}
