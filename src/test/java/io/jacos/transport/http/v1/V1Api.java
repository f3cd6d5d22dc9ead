package io.jacos.transport.http.v1;

import io.jacos.transport.http.HttpAnswer;
import io.jacos.transport.http.HttpResources;
import jakarta.ws.rs.core.Response;

import java.util.function.Supplier;

/**
 * The v1 resources wired by hand over one {@link HttpResources}, and calls to them answered as the v1 API answers
 * (a refusal through {@link V1Errors}): the one place that knows how each v1 resource is put together.
 */
final class V1Api {

    final HttpResources http;

    V1Api() {
        this(new HttpResources());
    }

    V1Api(HttpResources http) {
        this.http = http;
    }

    HttpAnswer call(String query, Supplier<Response> method) {
        return call(query, null, method);
    }

    HttpAnswer call(String query, String form, Supplier<Response> method) {
        return http.call(query, form, method, new V1Errors.Refused());
    }

    BeatResource beat() {
        return new BeatResource(http.services.ipPortClients, http.json, http.request);
    }

    CatalogResource catalog() {
        return new CatalogResource(http.services.catalog, http.services.instanceAdmin, http.reader,
                http.services.switches, http.json, http.request);
    }

    InstanceClusterResource cluster() {
        return new InstanceClusterResource(http.services.clusters, http.json, http.request);
    }

    HealthResource health() {
        return new HealthResource(http.writes, http.request);
    }

    InstanceListResource instanceList() {
        return new InstanceListResource(http.listing, http.json, http.request);
    }

    InstanceResource instance() {
        return new InstanceResource(http.writes, http.lookup, http.json, http.request);
    }

    OperatorResource operator() {
        return new OperatorResource(http.metrics, http.naming, http.udp, http.services.switches,
                http.pushes, http.json, http.memberListing, http.request);
    }

    ServiceResource service() {
        return new ServiceResource(http.services.catalog, http.services.discovery, http.subscribers,
                http.json, http.request);
    }
}
