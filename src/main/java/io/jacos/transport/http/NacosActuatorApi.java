package io.jacos.transport.http;

import io.jacos.transport.http.prometheus.PrometheusScrapeResource;
import io.jacos.transport.http.v2.V2Errors;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

import java.util.Map;
import java.util.Set;

/**
 * {@code /nacos/actuator}: the Prometheus scrape, at the path Nacos (a Spring Boot actuator) serves it. Errors
 * (an unknown path, a wrong method) answer in the v2 envelope.
 */
@ApplicationPath("actuator")
public class NacosActuatorApi extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(PrometheusScrapeResource.class, V2Errors.Refused.class, V2Errors.UnknownPath.class,
                V2Errors.WrongMethod.class, V2Errors.Protocol.class, V2Errors.Unexpected.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        return NacosV1Api.NO_WADL;
    }
}
