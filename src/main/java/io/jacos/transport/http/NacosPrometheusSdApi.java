package io.jacos.transport.http;

import io.jacos.transport.http.prometheus.ServiceDiscoveryResource;
import io.jacos.transport.http.v2.V2Errors;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code /nacos/prometheus}: Nacos's Prometheus HTTP service-discovery endpoints (JSON target groups). Errors
 * answer in the v2 envelope, an unknown namespace with 404 and code 22001.
 */
@ApplicationPath("prometheus")
public class NacosPrometheusSdApi extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(List.of(ServiceDiscoveryResource.class, V2Errors.Refused.class,
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
