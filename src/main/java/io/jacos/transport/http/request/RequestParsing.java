package io.jacos.transport.http.request;

import io.jacos.application.LargeWrites;
import io.jacos.model.RegistryException;
import io.jacos.settings.ConfigArchiveSettings;
import io.jacos.settings.ConfigSettings;
import io.jacos.settings.ServerSettings;
import io.jacos.transport.http.param.RequestParams;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * Reads each routed API request once, first of all the request filters: the body within
 * {@code jacos.http.max-body-bytes}, or {@code jacos.config.max-body-bytes} for a {@link LargeBody} method, or
 * {@code jacos.config.import.max-upload-bytes} for an {@link ArchiveUpload} one (whose zip it takes out of the body) (a larger one is refused with 413 before a byte is read when its length is
 * declared, and without being parsed in part otherwise), in the media type and charset the routed method takes
 * ({@link BodyRules}: JSON for {@link JsonBodies} resources and methods that {@code @Consumes} it, a form
 * otherwise), merged with the query into the
 * request's {@link ParsedRequest}. The body stays readable for the resource, byte for byte the same.
 */
@Provider
@Priority(Priorities.AUTHENTICATION - 100)
@ApplicationScoped
public class RequestParsing implements ContainerRequestFilter {

    private ParsedRequest parsed;
    private ServerSettings serverSettings;
    private ConfigSettings configSettings;
    private ConfigArchiveSettings archiveSettings;
    private RoutedMethod routed;
    private LargeWrites largeWrites;

    /** For the container's proxy; public, as RESTEasy picks a JAX-RS class's constructor before asking CDI. */
    public RequestParsing() {
    }

    @Inject
    public RequestParsing(ParsedRequest parsed, ServerSettings serverSettings, ConfigSettings configSettings,
                          ConfigArchiveSettings archiveSettings, RoutedMethod routed, LargeWrites largeWrites) {
        this.parsed = parsed;
        this.serverSettings = serverSettings;
        this.configSettings = configSettings;
        this.archiveSettings = archiveSettings;
        this.routed = routed;
        this.largeWrites = largeWrites;
    }

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        if (routed.annotation(ArchiveUpload.class) != null) {
            upload(request);
            return;
        }
        boolean large = routed.annotation(LargeBody.class) != null;
        int max = large ? configSettings.maxPublishBodyBytes() : serverSettings.maxHttpBodyBytes();
        String setting = (large ? ConfigSettings.MAX_PUBLISH_BODY_BYTES : ServerSettings.MAX_HTTP_BODY_BYTES).name();
        BodyRules.checkLength(declaredLength(request), max, setting);
        if (large) {
            parsed.hold(share(request, max));
        }
        byte[] body = read(request, max, setting);
        String form = null;
        if (body.length > 0) {
            BodyRules.Kind kind = takesJson(routed) ? BodyRules.Kind.JSON : BodyRules.Kind.FORM;
            Charset charset = BodyRules.charset(kind, ContentType.parse(request.getHeaderString("Content-Type")));
            if (kind == BodyRules.Kind.FORM) {
                form = new String(body, charset);
            }
            parsed.set(RequestParams.parse(request.getUriInfo().getRequestUri().getRawQuery(), form, charset), body);
        } else {
            parsed.set(RequestParams.parse(request.getUriInfo().getRequestUri().getRawQuery(), null, null), body);
        }
        request.setEntityStream(new ByteArrayInputStream(body));
    }

    /** The zip of an {@link ArchiveUpload} method, with the query as the parameters. */
    private void upload(ContainerRequestContext request) throws IOException {
        int max = archiveSettings.maxUploadBytes();
        String setting = ConfigArchiveSettings.MAX_UPLOAD_BYTES.name();
        BodyRules.checkLength(declaredLength(request), max, setting);
        parsed.hold(share(request, max));
        byte[] body = read(request, max, setting);
        parsed.set(RequestParams.parse(request.getUriInfo().getRequestUri().getRawQuery(), null, null), body);
        String type = request.getHeaderString("Content-Type");
        if (body.length > 0) {
            // The type is refused at once, as for every body; a form that does not parse, after the access check.
            UploadBodies.checkType(type);
        }
        parsed.setUpload(type == null ? "" : type);
        request.setEntityStream(new ByteArrayInputStream(body));
    }

    /** The large-write budget's share for the body about to be read: its declared length, or {@code max}. */
    private LargeWrites.Share share(ContainerRequestContext request, int max) {
        if (!declaresBody(request)) {
            return largeWrites.take(0);
        }
        long length = declaredLength(request);
        try {
            return largeWrites.take(length < 0 ? max : length);
        } catch (RegistryException e) {
            throw new HttpRefusal(503, e.getMessage());
        }
    }

    private static byte[] read(ContainerRequestContext request, int max, String setting) throws IOException {
        InputStream in = request.getEntityStream();
        if (in == null || !declaresBody(request)) {
            return new byte[0];
        }
        byte[] body;
        try {
            body = in.readNBytes(max + 1);
        } catch (IOException e) {
            throw unread(e);
        }
        if (body.length > max) {
            throw BodyRules.tooLarge(max, setting);
        }
        return body;
    }

    /**
     * A body that stopped coming is the caller's failure, not the server's: 408 when the container gave up waiting
     * for it (Java's HTTP client offering an h2c upgrade on a POST ends that way on Payara), 400 otherwise, and no
     * stack trace in the log either way.
     */
    private static HttpRefusal unread(IOException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.util.concurrent.TimeoutException
                    || cause instanceof java.net.SocketTimeoutException) {
                return new HttpRefusal(408, "The request body did not arrive in time.");
            }
        }
        return new HttpRefusal(400, "The request body could not be read.");
    }

    /**
     * A body is there when its length is declared and not 0, or it comes chunked. Anything else has none, and its
     * stream is not touched: on some requests (an HTTP/2 upgrade offer) a read would wait for bytes never sent.
     */
    static boolean declaresBody(ContainerRequestContext request) {
        long length = declaredLength(request);
        return length > 0 || length < 0 && request.getHeaderString("Transfer-Encoding") != null;
    }

    /** The {@code Content-Length}, or -1 when none is given. */
    private static long declaredLength(ContainerRequestContext request) {
        String header = request.getHeaderString("Content-Length");
        if (header == null || header.isBlank()) {
            return -1;
        }
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            throw new HttpRefusal(400, "Content-Length is not a number.");
        }
    }

    static boolean takesJson(RoutedMethod routed) {
        if (routed.annotation(JsonBodies.class) != null) {
            return true;
        }
        Consumes consumes = routed.annotation(Consumes.class);
        return consumes != null && Arrays.stream(consumes.value())
                .anyMatch(type -> type.toLowerCase(java.util.Locale.ROOT).startsWith(MediaType.APPLICATION_JSON));
    }
}
