package io.jacos.transport.http;

import io.jacos.transport.http.prometheus.ServiceDiscoveryResource;
import io.jacos.transport.http.v2.V2Errors;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

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
        return Set.of(ServiceDiscoveryResource.class, V2Errors.Refused.class, V2Errors.UnknownPath.class,
                V2Errors.WrongMethod.class, V2Errors.Protocol.class, V2Errors.Unexpected.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        return NacosV1Api.NO_WADL;
    }
}
