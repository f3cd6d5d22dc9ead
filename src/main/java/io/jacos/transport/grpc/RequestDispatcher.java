package io.jacos.transport.grpc;

import io.jacos.auth.AccessRefused;
import io.jacos.auth.AuthGate;
import io.jacos.auth.Identity;
import io.jacos.auth.Need;
import io.jacos.transport.grpc.dto.NamespacedBody;
import io.jacos.transport.grpc.dto.ResourceBody;
import io.jacos.transport.grpc.handler.Handles;
import io.jacos.model.ClientId;
import io.jacos.model.RegistryException;
import io.jacos.transport.grpc.dto.ResponseBody;
import io.jacos.transport.grpc.dto.ServerCheckResponseBody;
import io.jacos.transport.grpc.handler.RequestContext;
import io.jacos.transport.grpc.handler.RequestHandler;
import io.jacos.transport.grpc.proto.Payload;
import jakarta.annotation.PostConstruct;
import io.jacos.cluster.DrainMark;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Answers unary requests, in the order of checks the Nacos server uses: starting (300), server check,
 * unknown type (302), unregistered connection (301), unreadable body (502), the access the handler's
 * {@link Handles} declares (403 in its response type, on which the client logs in again), then the handler. A
 * handler that declares nothing is never served: the dispatcher fails to start with it. This is the one
 * place that maps failures to gRPC answers; no exception text beyond a short message reaches the client.
 */
@ApplicationScoped
public class RequestDispatcher {

    static final String ERROR_RESPONSE = "ErrorResponse";
    /** Nacos's NacosException.NO_RIGHT: the client logs in again and retries. */
    static final int NO_RIGHT = 403;
    static final String ACCESS_TOKEN = "accessToken";
    private static final Logger LOG = Logger.getLogger(RequestDispatcher.class.getName());

    private Instance<RequestHandler<?, ?>> handlerBeans;
    private PayloadCodec codec;
    private ConnectionTable connections;
    private ServerStatus status;
    private Clock clock;
    private DrainMark drainMark;
    private GrpcRateLimit rateLimit;
    private AuthGate authGate;

    /** For the container's proxy. */
    protected RequestDispatcher() {
    }

    /** @param handlerBeans every handler bean, collected once the container built this; null when tests add them */
    @Inject
    public RequestDispatcher(@Any Instance<RequestHandler<?, ?>> handlerBeans, PayloadCodec codec,
                             ConnectionTable connections, ServerStatus status, Clock clock, DrainMark drainMark,
                             GrpcRateLimit rateLimit, AuthGate authGate) {
        this.handlerBeans = handlerBeans;
        this.codec = codec;
        this.connections = connections;
        this.status = status;
        this.clock = clock;
        this.drainMark = drainMark;
        this.rateLimit = rateLimit;
        this.authGate = authGate;
    }

    /** A handler with what it declares, read once. */
    private record Route(RequestHandler<Object, Object> handler, Handles declared) {
    }

    private final Map<String, Route> routes = new HashMap<>();

    @PostConstruct
    void collectHandlers() {
        handlerBeans.forEach(this::add);
    }

    /** Serves the handler's request type; the component tests hand over the handlers they built. */
    @SuppressWarnings("unchecked")
    void add(RequestHandler<?, ?> handler) {
        Handles declared = RequestHandler.declared(handler);
        routes.put(declared.request(), new Route((RequestHandler<Object, Object>) handler, declared));
    }

    public Payload dispatch(ConnectionMeta meta, Payload request) {
        String type = request.getMetadata().getType();
        if (!status.isReady()) {
            return error(300, "Server is starting,please try later.");
        }
        Route route = routes.get(type);
        Payload overLimit = rateLimit.refusal(meta, type, route == null ? null : route.declared().response());
        if (overLimit != null) {
            return overLimit;
        }
        if ("ServerCheckRequest".equals(type)) {
            if (drainMark.drained()) {
                // A failed server check makes the client try the next server of its list: a drained node takes none.
                return error(300, "Server is drained, please try another server.");
            }
            return codec.encode("ServerCheckResponse", ServerCheckResponseBody.of(meta.id()));
        }
        if (route == null) {
            return error(302, "RequestHandler Not Found");
        }
        GrpcConnection connection = connections.find(meta.id()).orElse(null);
        if (connection == null) {
            return error(RegistryException.UN_REGISTER, "Connection is unregistered.");
        }
        connection.touch(clock.millis());
        Object body;
        try {
            body = codec.decode(request, route.declared().body());
        } catch (PayloadCodec.UnreadableBody e) {
            return error(502, e.getMessage());
        }
        if (body == null) {
            return error(502, "Invalid request");
        }
        Checked checked = check(route.declared(), body, request);
        if (checked.refusal() != null) {
            return checked.refusal();
        }
        return invoke(route, body, new RequestContext(new ClientId(meta.id()), connection.clientIp(),
                checked.identity().username(), connection.labels()));
    }

    private Payload invoke(Route route, Object body, RequestContext context) {
        String responseType = route.declared().response();
        try {
            return route.handler().encode(route.handler().handle(body, context), responseType, codec);
        } catch (RegistryException e) {
            if (e.code() == RegistryException.UN_REGISTER) {
                return error(RegistryException.UN_REGISTER, e.getMessage());
            }
            return codec.encode(responseType, ResponseBody.error(ResponseBody.FAIL, e.code(), e.getMessage()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Handler for " + route.declared().request() + " failed", e);
            return error(ResponseBody.FAIL, "Server error while handling " + route.declared().request());
        }
    }

    /** Who the caller is, or the refusal to answer instead (then the identity does not count). */
    private record Checked(Identity identity, Payload refusal) {
    }

    /**
     * The caller's identity when the request may go on; the handler's response type with code 403 otherwise. The
     * namespace, or the configuration or service ({@link ResourceBody}), is the decoded body's, the one the
     * handler reads; anything in the metadata headers but the token
     * is not looked at.
     */
    private Checked check(Handles declared, Object body, Payload request) {
        Need need = declared.access();
        boolean scoped = need == Need.READ || need == Need.WRITE;
        if (scoped && !(body instanceof NamespacedBody)) {
            return new Checked(Identity.ANONYMOUS, codec.encode(declared.response(), ResponseBody.error(
                    ResponseBody.FAIL, NO_RIGHT, "authorization failed!")));
        }
        if (!authGate.enabled()) {
            return new Checked(Identity.UNCHECKED, null);
        }
        String token = request.getMetadata().getHeadersMap().get(ACCESS_TOKEN);
        try {
            Identity identity = body instanceof ResourceBody named && scoped
                    ? authGate.checkOn(need, token, named.resource())
                    : authGate.check(need, token, scoped ? ((NamespacedBody) body).namespace() : null);
            return new Checked(identity, null);
        } catch (AccessRefused e) {
            return new Checked(Identity.ANONYMOUS, codec.encode(declared.response(), ResponseBody.error(
                    ResponseBody.FAIL, NO_RIGHT, e.getMessage())));
        }
    }

    Payload error(int code, String message) {
        return codec.encode(ERROR_RESPONSE, ResponseBody.error(ResponseBody.FAIL, code, message));
    }
}
