package io.jacos.transport.http;

import io.jacos.transport.http.config.ConfigHistoryV2Resource;
import io.jacos.transport.http.config.ConfigV2Resource;
import io.jacos.transport.http.console.ConsoleHealthV2Resource;
import io.jacos.transport.http.console.NamespaceV2Resource;
import io.jacos.transport.http.core.ClusterNodesV2Resource;
import io.jacos.transport.http.v2.ClientV2Resource;
import io.jacos.transport.http.v2.HealthV2Resource;
import io.jacos.transport.http.v2.InstanceMetadataV2Resource;
import io.jacos.transport.http.v2.InstanceV2Resource;
import io.jacos.transport.http.v2.OperatorV2Resource;
import io.jacos.transport.http.v2.ServiceV2Resource;
import io.jacos.transport.http.v2.V2Errors;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code /nacos/v2} open API: naming ({@code /ns}), core ({@code /core/cluster}) and console
 * ({@code /console/namespace}, {@code /console/health}) resources, and its own error mappers (the v2 envelope).
 */
@ApplicationPath("v2")
public class NacosV2Api extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(List.of(InstanceV2Resource.class, ServiceV2Resource.class,
                InstanceMetadataV2Resource.class, HealthV2Resource.class, ClientV2Resource.class,
                OperatorV2Resource.class, ClusterNodesV2Resource.class, NamespaceV2Resource.class,
                ConsoleHealthV2Resource.class, ConfigV2Resource.class, ConfigHistoryV2Resource.class,
                V2Errors.Refused.class,
                V2Errors.Denied.class, V2Errors.Unreadable.class, V2Errors.UnknownPath.class, V2Errors.WrongMethod.class, V2Errors.Protocol.class,
                V2Errors.Unexpected.class));
        classes.addAll(ApiFilters.ALL);
        return classes;
    }

    @Override
    public Map<String, Object> getProperties() {
        return NacosV1Api.NO_WADL;
    }
}
