package io.jacos.transport.http;

import io.jacos.application.ConnectionDirectory;
import io.jacos.application.internal.TestServices;
import io.jacos.cluster.NodeReports;
import io.jacos.model.ClientId;
import io.jacos.model.ClientKind;
import io.jacos.model.RegistryException;
import io.jacos.push.PushStats;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.client.ClientView;
import io.jacos.settings.BeatSettings;
import io.jacos.settings.ConnectionSettings;
import io.jacos.settings.NamingSettings;
import io.jacos.settings.UdpSettings;
import io.jacos.model.ServiceView;
import io.jacos.testing.FixedMembers;
import io.jacos.testing.PlainResponses;
import io.jacos.testing.ShippedDefaults;
import io.jacos.testing.SteppedClock;
import io.jacos.transport.http.request.ParsedRequest;
import io.jacos.transport.http.request.RequestReading;
import jakarta.enterprise.inject.Instance;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The beans the v1 and v2 resources share, wired by hand over the real use cases and registry of a standalone node
 * ({@link TestServices}) with the settings it ships with, and a call as the JAX-RS runtime makes it: the request read
 * into the one {@link ParsedRequest}, the method run, a refusal answered by the API's own mapper. Not wired: push,
 * health checks and replication (what the registry fires is recorded in {@code services.fired}).
 */
public final class HttpResources {

    /** The TCP peer of every call unless a test names another. */
    public static final String PEER = "192.168.50.1";

    public final SteppedClock clock = new SteppedClock(1_700_000_000_000L);
    public final NamingSettings naming;
    public final UdpSettings udp;
    public final BeatSettings beat;
    public final TestServices services;
    public final RegistryReader reader;
    public final FixedMembers members = FixedMembers.standalone();
    public final HttpJson json = new HttpJson();
    public final ParsedRequest request = new ParsedRequest();
    public final KnownConnections connections = new KnownConnections();
    public final CountedPushes pushes = new CountedPushes();
    public final InstanceWriteRouter writes;
    public final InstanceLookup lookup;
    public final InstanceListing listing;
    public final SubscriberListing subscribers;
    public final ClientListing clients;
    public final ServerReadiness readiness;
    public final MemberListing memberListing;
    public final NamingMetrics metrics;
    private final List<HealthCheck> readinessChecks = new ArrayList<>();

    /** With every setting as shipped. */
    public HttpResources() {
        this(new UdpSettings(new ShippedDefaults()));
    }

    /** With the UDP settings a test gives (push switched off, fewer subscribers per source). */
    public HttpResources(UdpSettings udp) {
        PlainResponses.install();
        ShippedDefaults shipped = new ShippedDefaults();
        this.naming = new NamingSettings(shipped);
        this.udp = udp;
        this.beat = new BeatSettings(shipped);
        services = new TestServices(clock, naming, new ConnectionSettings(shipped), beat, udp);
        reader = services.registry.reader();

        writes = new InstanceWriteRouter(services.ipPortClients, services.persistent);
        lookup = new InstanceLookup(services.discovery, reader);
        listing = new InstanceListing(services.ipPortClients, reader, udp, naming, services.switches);
        subscribers = new SubscriberListing(reader, connections, members);
        clients = new ClientListing(reader, connections, subscribers);
        readiness = new ServerReadiness(instanceOf(readinessChecks));
        ServerVersion version = new ServerVersion();
        version.load();
        memberListing = new MemberListing(members, instanceOf(List.<NodeReports>of()), readiness, version);
        metrics = new NamingMetrics(readiness, reader, members);
    }

    /**
     * Reads the query (and form body, or null) into the request, runs the resource method, and answers a refusal as
     * {@code refusals} (the API's mapper) does; a parameter given twice with different values is refused before the
     * method runs, as on the server.
     */
    public HttpAnswer call(String query, String form, Supplier<Response> method,
                           ExceptionMapper<RegistryException> refusals) {
        Response response;
        try {
            RequestReading.read(request, query, form);
            response = method.get();
        } catch (RegistryException e) {
            response = refusals.toResponse(e);
        }
        return HttpAnswer.of(response);
    }

    /** Everything the registry holds (services with their revisions, clients) and how many changes it announced. */
    public RegistryState state() {
        List<ClientView> clients = Stream.of(ClientKind.values()).flatMap(kind -> reader.clientsOf(kind).stream())
                .sorted(Comparator.comparing(client -> client.id().value())).toList();
        List<ServiceView> all = reader.allServices().stream()
                .sorted(Comparator.comparing(view -> view.key().toString())).toList();
        return new RegistryState(all, clients, services.fired.size());
    }

    public record RegistryState(List<ServiceView> services, List<ClientView> clients, int announced) {
    }

    /** A readiness check of this server goes down: the status answers say DOWN. */
    public void readinessDown(String check) {
        readinessChecks.add(() -> new HealthCheckResponse(check, HealthCheckResponse.Status.DOWN, Optional.empty()));
    }

    /** The servlet request of a call from {@code remoteAddress}; it answers nothing else. */
    public static HttpServletRequest from(String remoteAddress) {
        return proxy(HttpServletRequest.class, (name, args) -> {
            if (name.equals("getRemoteAddr")) {
                return remoteAddress;
            }
            throw new UnsupportedOperationException(name);
        });
    }

    /** The headers of a call; names in any case, as HTTP has them. */
    public static HttpHeaders headers(Map<String, String> given) {
        Map<String, String> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        byName.putAll(given);
        return proxy(HttpHeaders.class, (name, args) -> {
            if (name.equals("getHeaderString")) {
                return byName.get(((String) args[0]).toLowerCase(Locale.ROOT));
            }
            throw new UnsupportedOperationException(name);
        });
    }

    /** The gRPC connections this node holds, as a test sets them up. */
    public static final class KnownConnections implements ConnectionDirectory {
        private final Map<String, ConnectionInfo> byId = new ConcurrentHashMap<>();

        public void add(ConnectionInfo connection) {
            byId.put(connection.id(), connection);
        }

        @Override
        public Optional<ConnectionInfo> find(ClientId client) {
            return Optional.ofNullable(byId.get(client.value()));
        }

        @Override
        public List<ConnectionInfo> list() {
            return byId.values().stream().sorted(Comparator.comparing(ConnectionInfo::id)).toList();
        }

        @Override
        public int count() {
            return byId.size();
        }
    }

    /** Push outcomes per channel as a test sets them. */
    public static final class CountedPushes extends PushStats {
        private final Map<String, long[]> byChannel = new ConcurrentHashMap<>();

        public void set(String channel, long succeeded, long failed) {
            byChannel.put(channel, new long[]{succeeded, failed});
        }

        @Override
        public long succeededCount() {
            return byChannel.values().stream().mapToLong(counts -> counts[0]).sum();
        }

        @Override
        public long failedCount() {
            return byChannel.values().stream().mapToLong(counts -> counts[1]).sum();
        }

        @Override
        public long succeededCount(String channel) {
            return byChannel.getOrDefault(channel, new long[2])[0];
        }

        @Override
        public long failedCount(String channel) {
            return byChannel.getOrDefault(channel, new long[2])[1];
        }
    }

    /** CDI's {@code Instance} over the beans a test lists. */
    private static <T> Instance<T> instanceOf(List<T> beans) {
        @SuppressWarnings("unchecked")
        Instance<T> instance = proxy(Instance.class, (name, args) -> switch (name) {
            case "iterator" -> beans.iterator();
            case "stream" -> beans.stream();
            case "spliterator" -> beans.spliterator();
            case "forEach" -> {
                beans.forEach((Consumer<? super T>) args[0]);
                yield null;
            }
            case "isResolvable" -> beans.size() == 1;
            case "isUnsatisfied" -> beans.isEmpty();
            case "isAmbiguous" -> beans.size() > 1;
            case "get" -> beans.get(0);
            default -> throw new UnsupportedOperationException(name);
        });
        return instance;
    }

    private interface Answers {
        Object answer(String method, Object[] args);
    }

    private static <T> T proxy(Class<T> type, Answers answers) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[]{type},
                (self, method, args) -> answers.answer(method.getName(), args)));
    }
}
