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
        BeatResource resource = new BeatResource();
        resource.clients = http.services.ipPortClients;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    CatalogResource catalog() {
        CatalogResource resource = new CatalogResource();
        resource.catalog = http.services.catalog;
        resource.instances = http.services.instanceAdmin;
        resource.reader = http.reader;
        resource.switches = http.services.switches;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    InstanceClusterResource cluster() {
        InstanceClusterResource resource = new InstanceClusterResource();
        resource.clusters = http.services.clusters;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    HealthResource health() {
        HealthResource resource = new HealthResource();
        resource.writes = http.writes;
        resource.request = http.request;
        return resource;
    }

    InstanceListResource instanceList() {
        InstanceListResource resource = new InstanceListResource();
        resource.listing = http.listing;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    InstanceResource instance() {
        InstanceResource resource = new InstanceResource();
        resource.writes = http.writes;
        resource.lookup = http.lookup;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    OperatorResource operator() {
        OperatorResource resource = new OperatorResource();
        resource.metrics = http.metrics;
        resource.namingSettings = http.naming;
        resource.udpSettings = http.udp;
        resource.switches = http.services.switches;
        resource.pushStats = http.pushes;
        resource.members = http.memberListing;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }

    ServiceResource service() {
        ServiceResource resource = new ServiceResource();
        resource.catalog = http.services.catalog;
        resource.discovery = http.services.discovery;
        resource.subscribers = http.subscribers;
        resource.reader = http.reader;
        resource.members = http.members;
        resource.json = http.json;
        resource.request = http.request;
        return resource;
    }
}
