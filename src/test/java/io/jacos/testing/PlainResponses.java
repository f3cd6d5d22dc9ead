package io.jacos.testing;

import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.EntityPart;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.GenericType;
import jakarta.ws.rs.core.Link;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.Variant;
import jakarta.ws.rs.ext.RuntimeDelegate;

import java.lang.annotation.Annotation;
import java.net.URI;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * Just enough of a JAX-RS runtime for resources called by hand: {@link Response}s with a status, an entity, a media
 * type and headers, which is all our resources and error mappers build. The unit tier has no JAX-RS implementation
 * (the server brings one), and {@code Response.ok()} asks the runtime for a builder. Anything else refuses.
 */
public final class PlainResponses extends RuntimeDelegate {

    /** Makes this the runtime {@code Response} asks, unless one is already there. */
    public static void install() {
        synchronized (PlainResponses.class) {
            try {
                RuntimeDelegate.getInstance();
            } catch (RuntimeException noRuntime) {
                RuntimeDelegate.setInstance(new PlainResponses());
            }
        }
    }

    @Override
    public Response.ResponseBuilder createResponseBuilder() {
        return new Builder();
    }

    @Override
    public UriBuilder createUriBuilder() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Variant.VariantListBuilder createVariantListBuilder() {
        throw new UnsupportedOperationException();
    }

    @Override
    public <T> T createEndpoint(Application application, Class<T> endpointType) {
        throw new UnsupportedOperationException();
    }

    @Override
    public <T> HeaderDelegate<T> createHeaderDelegate(Class<T> type) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Link.Builder createLinkBuilder() {
        throw new UnsupportedOperationException();
    }

    @Override
    public SeBootstrap.Configuration.Builder createConfigurationBuilder() {
        throw new UnsupportedOperationException();
    }

    @Override
    public CompletionStage<SeBootstrap.Instance> bootstrap(Application application,
                                                           SeBootstrap.Configuration configuration) {
        throw new UnsupportedOperationException();
    }

    @Override
    public CompletionStage<SeBootstrap.Instance> bootstrap(Class<? extends Application> application,
                                                           SeBootstrap.Configuration configuration) {
        throw new UnsupportedOperationException();
    }

    @Override
    public EntityPart.Builder createEntityPartBuilder(String name) {
        throw new UnsupportedOperationException();
    }

    private static final class Builder extends Response.ResponseBuilder {
        private int status = 200;
        private Object entity;
        private final MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();

        @Override
        public Response build() {
            return new Plain(status, entity, headers);
        }

        @Override
        public Response.ResponseBuilder clone() {
            Builder copy = new Builder();
            copy.status = status;
            copy.entity = entity;
            copy.headers.putAll(headers);
            return copy;
        }

        @Override
        public Response.ResponseBuilder status(int code) {
            status = code;
            return this;
        }

        @Override
        public Response.ResponseBuilder status(int code, String reasonPhrase) {
            return status(code);
        }

        @Override
        public Response.ResponseBuilder entity(Object value) {
            entity = value;
            return this;
        }

        @Override
        public Response.ResponseBuilder entity(Object value, Annotation[] annotations) {
            return entity(value);
        }

        @Override
        public Response.ResponseBuilder allow(String... methods) {
            return allow(Set.of(methods));
        }

        @Override
        public Response.ResponseBuilder allow(Set<String> methods) {
            return header("Allow", String.join(",", methods));
        }

        @Override
        public Response.ResponseBuilder header(String name, Object value) {
            headers.add(name, value);
            return this;
        }

        @Override
        public Response.ResponseBuilder type(MediaType type) {
            headers.putSingle("Content-Type", type);
            return this;
        }

        @Override
        public Response.ResponseBuilder type(String type) {
            return type(MediaType.valueOf(type));
        }

        @Override
        public Response.ResponseBuilder cacheControl(CacheControl cacheControl) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder encoding(String encoding) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder replaceAll(MultivaluedMap<String, Object> replaced) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder language(String language) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder language(Locale language) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder variant(Variant variant) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder contentLocation(URI location) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder cookie(NewCookie... cookies) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder expires(Date expires) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder lastModified(Date lastModified) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder location(URI location) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder tag(EntityTag tag) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder tag(String tag) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder variants(Variant... variants) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder variants(List<Variant> variants) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder links(Link... links) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder link(URI uri, String rel) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Response.ResponseBuilder link(String uri, String rel) {
            throw new UnsupportedOperationException();
        }
    }

    private static final class Plain extends Response {
        private final int status;
        private final Object entity;
        private final MultivaluedMap<String, Object> headers;

        Plain(int status, Object entity, MultivaluedMap<String, Object> headers) {
            this.status = status;
            this.entity = entity;
            this.headers = new MultivaluedHashMap<>(headers);
        }

        @Override
        public int getStatus() {
            return status;
        }

        @Override
        public StatusType getStatusInfo() {
            return Status.fromStatusCode(status);
        }

        @Override
        public Object getEntity() {
            return entity;
        }

        @Override
        public boolean hasEntity() {
            return entity != null;
        }

        @Override
        public MediaType getMediaType() {
            return (MediaType) headers.getFirst("Content-Type");
        }

        @Override
        public Set<String> getAllowedMethods() {
            Object allow = headers.getFirst("Allow");
            return allow == null ? Set.of() : Set.of(allow.toString().split(","));
        }

        @Override
        public MultivaluedMap<String, Object> getMetadata() {
            return headers;
        }

        @Override
        public String getHeaderString(String name) {
            Object value = headers.getFirst(name);
            return value == null ? null : value.toString();
        }

        @Override
        public <T> T readEntity(Class<T> type) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> T readEntity(GenericType<T> type) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> T readEntity(Class<T> type, Annotation[] annotations) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> T readEntity(GenericType<T> type, Annotation[] annotations) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean bufferEntity() {
            return false;
        }

        @Override
        public void close() {
        }

        @Override
        public Locale getLanguage() {
            return null;
        }

        @Override
        public int getLength() {
            return -1;
        }

        @Override
        public Map<String, NewCookie> getCookies() {
            return Map.of();
        }

        @Override
        public EntityTag getEntityTag() {
            return null;
        }

        @Override
        public Date getDate() {
            return null;
        }

        @Override
        public Date getLastModified() {
            return null;
        }

        @Override
        public URI getLocation() {
            return null;
        }

        @Override
        public Set<Link> getLinks() {
            return Set.of();
        }

        @Override
        public boolean hasLink(String relation) {
            return false;
        }

        @Override
        public Link getLink(String relation) {
            return null;
        }

        @Override
        public Link.Builder getLinkBuilder(String relation) {
            return null;
        }

        @Override
        public MultivaluedMap<String, String> getStringHeaders() {
            throw new UnsupportedOperationException();
        }
    }
}
