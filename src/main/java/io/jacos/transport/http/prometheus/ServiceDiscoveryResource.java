package io.jacos.transport.http.prometheus;

import io.jacos.auth.Need;
import io.jacos.transport.http.access.Access;
import io.jacos.application.NamespaceService;
import io.jacos.model.Namespace;
import io.jacos.model.RegistryException;
import io.jacos.model.ServiceKey;
import io.jacos.model.ServiceView;
import io.jacos.registry.RegistryReader;
import io.jacos.transport.http.HttpJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.function.Predicate;

/**
 * Nacos's Prometheus HTTP service discovery: {@code /nacos/prometheus} lists every namespace's instances,
 * {@code /namespaceId/{id}} one namespace's, {@code /namespaceId/{id}/service/{service}} one service's, where
 * {@code service} is {@code group@@name} or, as in Nacos, a bare name matched in every group. Unlike Nacos,
 * which answers an empty list, an unknown namespace is a 404 (22001): a typo in a Prometheus job should show,
 * not silently scrape nothing. A namespace is known when the console created it or when clients registered
 * in it (gRPC clients may use any namespace id).
 */
@Path("")
@ApplicationScoped
public class ServiceDiscoveryResource {

    private RegistryReader reader;
    private NamespaceService namespaces;
    private HttpJson json;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public ServiceDiscoveryResource() {
    }

    @Inject
    public ServiceDiscoveryResource(RegistryReader reader, NamespaceService namespaces, HttpJson json) {
        this.reader = reader;
        this.namespaces = namespaces;
        this.json = json;
    }

    @GET
    @Access(value = Need.READ, namespace = Access.Scope.ALL, basicCredentials = true)
    public Response all() {
        return answer(reader.allServices());
    }

    @GET
    @Path("namespaceId/{namespaceId}")
    @Access(value = Need.READ, namespace = Access.Scope.PATH, basicCredentials = true)
    public Response namespace(@PathParam("namespaceId") String namespaceId) {
        return answer(viewsOf(namespaceId, view -> true));
    }

    @GET
    @Path("namespaceId/{namespaceId}/service/{service}")
    @Access(value = Need.READ, namespace = Access.Scope.PATH, basicCredentials = true)
    public Response service(@PathParam("namespaceId") String namespaceId, @PathParam("service") String service) {
        int separator = service.indexOf(ServiceKey.GROUP_SEPARATOR);
        if (separator >= 0) {
            String group = service.substring(0, separator);
            String name = service.substring(separator + ServiceKey.GROUP_SEPARATOR.length());
            return answer(viewsOf(namespaceId, view -> view.key().group().equals(group)
                    && view.key().name().equals(name)));
        }
        return answer(viewsOf(namespaceId, view -> view.key().name().equals(service)));
    }

    private List<ServiceView> viewsOf(String namespaceId, Predicate<ServiceView> filter) {
        List<ServiceView> views = reader.servicesIn(namespaceId);
        if (views.isEmpty() && !Namespace.PUBLIC.equals(namespaceId) && !created(namespaceId)) {
            throw new RegistryException(RegistryException.NOT_FOUND, RegistryException.Reason.NAMESPACE_NOT_FOUND,
                    "namespaceId", "Namespace '" + namespaceId + "' does not exist: no namespace of that id was "
                    + "created and no client registered in it.");
        }
        return views.stream().filter(filter).toList();
    }

    private boolean created(String namespaceId) {
        try {
            namespaces.get(namespaceId);
            return true;
        } catch (RegistryException e) {
            if (e.code() == RegistryException.NOT_FOUND) {
                return false;
            }
            throw e;
        }
    }

    private Response answer(List<ServiceView> views) {
        return Response.ok(json.write(SdTargets.render(views)), HttpJson.JSON_UTF8).build();
    }
}
