package io.jacos.transport.http.prometheus;

import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.metrics.JacosMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/** {@code GET /nacos/actuator/prometheus}: the meters in Prometheus's text format, where Nacos serves them. */
@Path("prometheus")
@ApplicationScoped
public class PrometheusScrapeResource {

    private JacosMetrics metrics;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public PrometheusScrapeResource() {
    }

    @Inject
    public PrometheusScrapeResource(JacosMetrics metrics) {
        this.metrics = metrics;
    }

    @GET
    @Access(Need.OPEN)
    public Response scrape() {
        return Response.ok(metrics.scrape()).header("Content-Type", JacosMetrics.CONTENT_TYPE).build();
    }
}
