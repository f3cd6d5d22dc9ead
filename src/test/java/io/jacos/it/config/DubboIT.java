package io.jacos.it.config;

import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.naming.NamingService;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.SharedServer;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ConfigCenterConfig;
import org.apache.dubbo.config.MetadataReportConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.metadata.report.MetadataReport;
import org.apache.dubbo.metadata.report.MetadataReportInstance;
import org.apache.dubbo.metadata.store.nacos.NacosConfigServiceWrapper;
import org.apache.dubbo.metadata.store.nacos.NacosMetadataReport;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Apache Dubbo 3 with {@code nacos://} as registry, config center and metadata report, otherwise Dubbo's defaults:
 * the provider registers both interface- and application-level ({@code register-mode=all}) and publishes the
 * interface-to-application mapping into the configuration service (group {@code mapping}, compare-and-set); a
 * consumer that names no {@code providedBy} finds it through that mapping. Once with the default migration step
 * (APPLICATION_FIRST) and once with FORCE_APPLICATION, the step that found no provider against a server without the
 * configuration service (where the provider also took 14 to 17 s to start).
 *
 * <p>Provider and consumer are two applications in this JVM, each bootstrap with a {@link FrameworkModel} of its own
 * (Dubbo shares protocol servers and connections within one). Dubbo's servers listen on the IPv6 loopback: Dubbo takes
 * every {@code 127.x} host for "no host given" and then binds the wildcard address (its
 * {@code NetUtils.isInvalidLocalHost}), while {@code ::1} it binds as given (its config validation logs an ERROR,
 * "Invalid host", and goes on). The consumer gets a loopback protocol too, so that nothing Dubbo might export there
 * (its MetadataService) falls back to the wildcard address; QoS is off. Nacos traffic goes to 127.0.0.1.
 */
@ExtendWith(SharedServer.class)
class DubboIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String NACOS = "nacos://" + SharedServer.serverAddr();
    /** The host Dubbo binds and registers. */
    private static final String LOOPBACK = "::1";
    /** 127.0.0.1, ::1 and ::ffff:127.0.0.1 as /proc/net/tcp and tcp6 write them. */
    private static final Set<String> LOOPBACK_HEX = Set.of("0100007F", "00000000000000000000000001000000",
            "0000000000000000FFFF00000100007F");

    /** Public, as Dubbo generates the wrapper that calls it in a package of its own. */
    public static final class GreetingServiceImpl implements GreetingService {
        private final String application;

        GreetingServiceImpl(String application) {
            this.application = application;
        }

        @Override
        public String greet(String name) {
            return "Hello, " + name + ", from " + application;
        }
    }

    private final List<DubboBootstrap> bootstraps = new ArrayList<>();
    private final List<FrameworkModel> frameworks = new ArrayList<>();
    private final NamingClients naming = new NamingClients(SharedServer.serverAddr());

    @AfterEach
    void stopDubbo() throws Exception {
        // Dubbo's Nacos metadata report never shuts its ConfigService down (NacosMetadataReport has no destroy of
        // its own), which would leave a connection to the shared server for the rest of this JVM: taken here, shut
        // down once Dubbo has stopped using it.
        List<ConfigService> metadataReportClients = new ArrayList<>();
        for (DubboBootstrap bootstrap : bootstraps) {
            metadataReportClients.addAll(metadataReportClients(bootstrap.getApplicationModel()));
        }
        // The consumer first (started last), then the provider, which deregisters from the server.
        for (int i = bootstraps.size() - 1; i >= 0; i--) {
            try {
                bootstraps.get(i).stop();
            } catch (RuntimeException e) {
                // Best effort: one application that cannot stop must not keep the others running.
            }
        }
        for (FrameworkModel framework : frameworks) {
            framework.destroy();
        }
        for (ConfigService client : metadataReportClients) {
            client.shutDown();
        }
        naming.close();
    }

    @Test
    void withTheDefaultMigrationStepTheConsumerFindsTheProviderAndCalls() throws Exception {
        providerAndConsumerCall(Map.of());
    }

    @Test
    void withForceApplicationTheConsumerFindsTheProviderByApplicationAndCalls() throws Exception {
        providerAndConsumerCall(Map.of("migration.step", "FORCE_APPLICATION"));
    }

    private void providerAndConsumerCall(Map<String, String> referenceParameters) throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String providerApp = "dubbo-provider-" + suffix;
        String consumerApp = "dubbo-consumer-" + suffix;
        int providerPort = freeLoopbackPort();
        // Dubbo writes an IPv6 host in brackets, in its URLs and in the instances it registers.
        String providerEndpoint = "[" + LOOPBACK + "]:" + providerPort;

        DubboBootstrap provider = bootstrap(providerApp, providerPort);
        ServiceConfig<GreetingService> service =
                new ServiceConfig<>(provider.getApplicationModel().getDefaultModule());
        service.setInterface(GreetingService.class);
        service.setRef(new GreetingServiceImpl(providerApp));
        provider.service(service);
        long started = System.nanoTime();
        provider.start();
        long providerStartMillis = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("DubboIT: provider %s started in %d ms (consumer: %s)%n", providerApp, providerStartMillis,
                referenceParameters.isEmpty() ? "default migration step" : referenceParameters);

        String iface = GreetingService.class.getName();
        HttpResponse<String> mapping = ConfigHttp.get(SharedServer.serverAddr(), "/nacos/v1/cs/configs?dataId="
                + URLEncoder.encode(iface, StandardCharsets.UTF_8) + "&group=mapping");
        assertEquals(200, mapping.statusCode(), "the interface-to-application mapping is stored: " + mapping.body());
        assertTrue(Arrays.asList(mapping.body().trim().split(",")).contains(providerApp),
                "the mapping names the provider application: " + mapping.body());

        NamingService names = naming.open();
        await("the provider application's instance, registered under the application's name").atMost(WAIT)
                .until(() -> NamingClients.endpoints(names.getAllInstances(providerApp)),
                        endpoints -> endpoints.contains(providerEndpoint));
        await("the interface-level registration (register-mode all)").atMost(WAIT)
                .until(() -> NamingClients.endpoints(names.getAllInstances("providers:" + iface + "::")),
                        endpoints -> endpoints.contains(providerEndpoint));

        int consumerPort = freeLoopbackPort();
        DubboBootstrap consumer = bootstrap(consumerApp, consumerPort);
        ReferenceConfig<GreetingService> reference =
                new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
        reference.setInterface(GreetingService.class);
        reference.setParameters(new HashMap<>(referenceParameters));
        consumer.reference(reference);
        // Dubbo's default check=true: start() fails if the consumer finds no provider.
        consumer.start();

        assertEquals("Hello, jacos, from " + providerApp, reference.get().greet("jacos"));
        assertListensOnLoopbackOnly(providerPort);
    }

    /** An application on the loopback, with the server as registry, config center and metadata report. */
    private DubboBootstrap bootstrap(String name, int port) {
        FrameworkModel framework = new FrameworkModel();
        frameworks.add(framework);
        DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework);
        bootstraps.add(bootstrap);
        ApplicationModel model = bootstrap.getApplicationModel();

        ApplicationConfig application = new ApplicationConfig(model, name);
        application.setQosEnable(false);
        ProtocolConfig protocol = new ProtocolConfig(model, "tri", port);
        protocol.setHost(LOOPBACK);
        ConfigCenterConfig configCenter = new ConfigCenterConfig(model);
        configCenter.setAddress(NACOS);
        return bootstrap.application(application)
                .registry(new RegistryConfig(model, NACOS))
                .configCenter(configCenter)
                .metadataReport(new MetadataReportConfig(model, NACOS))
                .protocol(protocol);
    }

    private static List<ConfigService> metadataReportClients(ApplicationModel model) throws ReflectiveOperationException {
        List<ConfigService> clients = new ArrayList<>();
        MetadataReportInstance instance = model.getBeanFactory().getBean(MetadataReportInstance.class);
        if (instance == null) {
            return clients;
        }
        Field field = NacosMetadataReport.class.getDeclaredField("configService");
        field.setAccessible(true);
        for (MetadataReport report : instance.getMetadataReports(false).values()) {
            if (report instanceof NacosMetadataReport nacos && field.get(nacos) instanceof NacosConfigServiceWrapper w) {
                clients.add(w.getConfigService());
            }
        }
        return clients;
    }

    /** A free port (a Dubbo server binds it on ::1 after this closes). */
    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        }
    }

    /**
     * The listening TCP sockets of this JVM (Linux: its socket inodes in /proc/self/fd, looked up in /proc/net/tcp
     * and tcp6), port to local address as the kernel writes it (hex).
     */
    private static Map<Integer, List<String>> listeningSockets() throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException e) {
                    // Closed since the listing.
                }
            }
        }
        Map<Integer, List<String>> listening = new HashMap<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            List<String> lines = Files.readAllLines(Path.of(table));
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.trim().split("\\s+");
                String[] local = fields[1].split(":");
                if ("0A".equals(fields[3]) && inodes.contains(fields[9])) {
                    listening.computeIfAbsent(Integer.parseInt(local[1], 16), p -> new ArrayList<>()).add(local[0]);
                }
            }
        }
        return listening;
    }

    /** The provider's port is open, and everything this JVM listens on is bound to a loopback address. */
    private static void assertListensOnLoopbackOnly(int providerPort) throws IOException {
        Map<Integer, List<String>> listening = listeningSockets();
        assertTrue(listening.containsKey(providerPort), "the provider listens on " + providerPort + ": " + listening);
        listening.forEach((port, addresses) -> addresses.forEach(address -> assertTrue(LOOPBACK_HEX.contains(address),
                "port " + port + " is bound to a loopback address, not " + address + " (hex, as in /proc/net)")));
    }
}
