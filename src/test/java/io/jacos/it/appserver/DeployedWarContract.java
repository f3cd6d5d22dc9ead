package io.jacos.it.appserver;

import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.jacos.it.support.ClientProcess;
import io.jacos.it.support.EventRecorder;
import io.jacos.testing.LocalPostgres;
import io.jacos.it.support.NacosHttp;
import io.jacos.it.support.NamingClients;
import io.jacos.it.support.Waits;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every server must do with the unchanged {@code target/nacos.war}: serve the real nacos-client 2.5.1
 * (register, subscribe and be pushed, query exact values, lose a killed client's instance), undeploy without
 * leaving a thread or the gRPC port behind, and serve again after a redeploy; all on 127.0.0.1 only. Last, as
 * it changes the server's configuration: the store on a PostgreSQL datasource the snippet of docs/operations.md defines.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class DeployedWarContract {

    static final Path WAR = Path.of(System.getProperty("jacos.war", "target/nacos.war"));
    static final Path REPOSITORY = Path.of(System.getProperty("jacos.repository", ".")).toAbsolutePath();
    private static final Duration DEPLOYED = Duration.ofMinutes(3);
    private static final Duration UNDEPLOYED = Duration.ofSeconds(60);
    private static final Duration QUIET_AFTER_UNDEPLOY = Duration.ofSeconds(5);
    private static final String GROUP = "APP_GROUP";

    private Path workDir;
    private AppServer server;
    private HostProbes probes;
    private NamingClients clients;
    private final List<ClientProcess> processes = new ArrayList<>();
    private LocalPostgres postgres;
    private boolean datasourceAdded;

    /** The server under test, not started yet. */
    abstract AppServer server(Path workDir);

    @BeforeAll
    void startAndDeploy() throws Exception {
        workDir = Path.of(System.getProperty("jacos.it.dir", "target/it")).resolve("app-servers").toAbsolutePath();
        Files.createDirectories(workDir);
        server = server(workDir);
        probes = new HostProbes(new Commands(workDir, workDir.resolve("probes.log"), Map.of()));
        server.start();
        server.deploy(WAR);
        awaitReady();
        clients = new NamingClients(serverAddr());
    }

    @AfterAll
    void stop() {
        processes.forEach(ClientProcess::close);
        if (clients != null) {
            clients.close();
        }
        try {
            if (server != null) {
                server.close();
            }
            if (datasourceAdded) {
                server.removePostgresDatasource();
            }
        } finally {
            if (postgres != null) {
                postgres.close();
            }
        }
    }

    @Test
    @Order(1)
    @DisplayName("a 2.5.1 client registers, a second is pushed the add and the removal, a query returns exact values")
    void registerSubscribePushQuery() throws Exception {
        String service = NamingClients.uniqueName("deployed");
        NamingService provider = clients.open();
        NamingService subscriber = clients.open();
        NamingService querier = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, GROUP, listener);

        Instance registered = NamingClients.instance("10.20.0.1", 8080);
        registered.setWeight(2.5);
        registered.setClusterName("edge");
        registered.setMetadata(Map.of("zone", "eu-1", "version", "1.4"));
        provider.registerInstance(service, GROUP, registered);

        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(List.of("10.20.0.1:8080"), listener.lastEndpoints()));
        List<Instance> found = querier.getAllInstances(service, GROUP, false);
        assertEquals(1, found.size());
        Instance instance = found.get(0);
        assertEquals("10.20.0.1", instance.getIp());
        assertEquals(8080, instance.getPort());
        assertEquals(2.5, instance.getWeight());
        assertEquals("edge", instance.getClusterName());
        assertEquals(Map.of("zone", "eu-1", "version", "1.4"), instance.getMetadata());
        assertEquals(GROUP + "@@" + service, instance.getServiceName());
        assertTrue(instance.isHealthy() && instance.isEnabled() && instance.isEphemeral(), instance::toString);

        provider.deregisterInstance(service, GROUP, registered);
        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(List.of(), listener.lastEndpoints()));
        assertEquals(List.of(), querier.getAllInstances(service, GROUP, false));
    }

    @Test
    @Order(1)
    @DisplayName("the HTTP open API as on Payara Micro: form bodies on PUT, plain errors, 404 for unknown paths")
    void httpOpenApi() {
        NacosHttp http = new NacosHttp(serverAddr());
        String grouped = "DEFAULT_GROUP@@" + NamingClients.uniqueName("deployed-http");
        NacosHttp.Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", grouped,
                "ip", "10.20.0.9", "port", "9", "metadata", "{\"k\":\"v\"}"));
        assertEquals("200 ok", registered.status() + " " + registered.body(), registered::toString);
        NacosHttp.Answer beat = http.call("PUT", "/nacos/v1/ns/instance/beat", Map.of("serviceName", grouped),
                Map.of("beat", "{\"ip\":\"10.20.0.9\",\"port\":9,\"cluster\":\"DEFAULT\"}"));
        assertEquals(10200, beat.json().path("code").asInt(), beat::toString);
        NacosHttp.Answer list = http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", grouped));
        assertEquals(List.of("10.20.0.9:9"), NacosHttp.endpoints(list.json()), list::toString);

        NacosHttp.Answer refused = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", grouped,
                "port", "9"));
        assertEquals("400 Param 'ip' is required.", refused.status() + " " + refused.body());
        NacosHttp.Answer v2 = http.call("POST", "/nacos/v2/ns/instance", Map.of("ip", "10.20.0.9", "port", "9"));
        assertEquals(400, v2.status(), v2::toString);
        assertEquals(10000, v2.json().path("code").asInt(), v2::toString);
        for (String method : List.of("GET", "PUT", "DELETE")) {
            NacosHttp.Answer unknown = http.call(method, "/nacos/no/such/path", Map.of());
            assertEquals(404, unknown.status(), () -> method + " " + unknown);
            assertTrue(unknown.contentType().startsWith("text/plain"), () -> method + " " + unknown);
        }
        assertEquals("UP", http.get("/nacos/v1/ns/operator/metrics", Map.of()).json().path("status").asText());
    }

    @Test
    @Order(1)
    @DisplayName("the bundled metrics (Micrometer) and the Prometheus service discovery work here too")
    void metricsAndServiceDiscovery() {
        NacosHttp http = new NacosHttp(serverAddr());
        String service = NamingClients.uniqueName("deployed-sd");
        NacosHttp.Answer registered = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName",
                "DEFAULT_GROUP@@" + service, "ip", "10.20.0.11", "port", "11"));
        assertEquals(200, registered.status(), registered::toString);
        NacosHttp.Answer sd = http.get("/nacos/prometheus/namespaceId/public/service/" + service, Map.of());
        assertEquals(200, sd.status(), sd::toString);
        assertEquals("10.20.0.11:11", sd.json().path(0).path("targets").path(0).asText(), sd::toString);
        NacosHttp.Answer scrape = http.get("/nacos/actuator/prometheus", Map.of());
        assertEquals(200, scrape.status(), scrape::toString);
        assertTrue(scrape.contentType().startsWith("text/plain"), scrape::toString);
        assertTrue(io.jacos.metrics.PrometheusText.value(scrape.body(), "jacos_instances") >= 1, scrape::toString);
        assertEquals(404, http.get("/nacos/prometheus/namespaceId/no-such-ns", Map.of()).status());
        http.call("DELETE", "/nacos/v1/ns/instance", Map.of("serviceName", "DEFAULT_GROUP@@" + service,
                "ip", "10.20.0.11", "port", "11", "ephemeral", "true"));
    }

    @Test
    @Order(1)
    @DisplayName("the naming store is open on the WAR's own H2, in the server's nacos.home, and holds its file lock")
    void namingStoreOpen() throws Exception {
        Path database = StoreFiles.database(server);
        assertTrue(Files.exists(database), "embedded database at " + database);
        assertTrue(StoreFiles.lockedByServer(database), "the open database holds its lock");
        assertTrue(Files.readString(server.serverLog()).contains("Naming store: H2 2.5.252"),
                "the store logs the bundled H2 (not the server's own): see " + server.serverLog());
    }

    @Test
    @Order(2)
    @DisplayName("kill -9 of a client's JVM removes its instance, and subscribers are pushed the removal")
    void killedClient() throws Exception {
        String service = NamingClients.uniqueName("deployed-killed");
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        ClientProcess provider = ClientProcess.register(serverAddr(), service, "127.0.0.61", 7001);
        processes.add(provider);
        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(List.of("127.0.0.61:7001"), listener.lastEndpoints()));

        provider.kill();

        await().atMost(Waits.EVICTION).untilAsserted(() -> assertEquals(List.of(), listener.lastEndpoints()));
        assertEquals(List.of(), subscriber.getAllInstances(service, false));
    }

    @Test
    @Order(3)
    @DisplayName("a second copy of the WAR fails to deploy saying why (gRPC port or H2 file in use); the first keeps serving")
    void secondCopyRefused() throws Exception {
        Path copy = Files.copy(WAR, Files.createTempDirectory(workDir, "copy")
                .resolve("nacos-second.war"));
        int grpcPort = server.httpPort() + 1000;

        Commands.Result answer = server.tryDeploy(copy);

        assertTrue(answer.exitCode() != 0, "the second deployment must fail: " + answer.output());
        // Whichever start-up bean the server runs first refuses: the gRPC server (its port is taken) or the naming
        // store (the first copy holds the embedded database's file lock).
        List<String> expected = List.of("Cannot listen for gRPC clients on 127.0.0.1:" + grpcPort,
                "Database may be already in use: \"" + StoreFiles.database(server).toString().replace(".mv.db", ""));
        await("the server log explains the failure").atMost(Duration.ofSeconds(30)).until(() -> {
            String said = answer.output() + Files.readString(server.serverLog());
            return expected.stream().anyMatch(said::contains);
        });
        String service = NamingClients.uniqueName("still-serving");
        NamingService naming = clients.open();
        naming.registerInstance(service, NamingClients.instance("10.20.0.3", 7070));
        assertEquals(List.of("10.20.0.3:7070"), NamingClients.endpoints(naming.getAllInstances(service, false)));
    }

    @Test
    @Order(4)
    @DisplayName("undeploy frees the gRPC port, the H2 file lock and every thread; a redeploy loads the stored instance and serves")
    void undeployAndRedeploy() throws Exception {
        clients.close();
        assertTrue(applicationThreads().size() > 0, "the deployed application's threads are named jacos-*");

        // A persistent instance goes to the naming store (EclipseLink on Payara, Hibernate on WildFly); the
        // redeployed application must load it back. A loopback address: its health check stays on this machine.
        NacosHttp http = new NacosHttp(serverAddr());
        String persistent = "DEFAULT_GROUP@@" + NamingClients.uniqueName("persistent");
        NacosHttp.Answer stored = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", persistent,
                "ip", "127.0.0.71", "port", "7", "ephemeral", "false", "metadata", "{\"k\":\"v\"}"));
        assertEquals("200 ok", stored.status() + " " + stored.body(), stored::toString);

        server.undeploy();

        awaitGrpcPortFree();
        Path database = StoreFiles.database(server);
        await("H2 file lock on " + database + " released").atMost(UNDEPLOYED)
                .until(() -> !StoreFiles.lockedByServer(database));
        await("no application thread left").atMost(UNDEPLOYED)
                .untilAsserted(() -> assertEquals(List.of(), applicationThreads()));
        // A scheduled task that outlived the application would fail on the server's own scheduler threads and
        // log it; watch longer than the longest schedule (the 3 s connection check).
        long logMark = Files.size(server.serverLog());
        await("no application code runs after undeploy").during(QUIET_AFTER_UNDEPLOY).atMost(UNDEPLOYED)
                .until(() -> !runsApplicationCode(logSince(logMark)));

        server.deploy(WAR);
        awaitReady();
        assertTrue(StoreFiles.lockedByServer(database), "the redeployed store opened the same database again");
        NacosHttp.Answer loaded = http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", persistent));
        assertEquals(List.of("127.0.0.71:7"), NacosHttp.endpoints(loaded.json()), loaded::toString);
        assertEquals("v", NacosHttp.hosts(loaded.json()).get(0).path("metadata").path("k").asText(), loaded::toString);
        String service = NamingClients.uniqueName("redeployed");
        NamingService provider = clients.open();
        NamingService subscriber = clients.open();
        EventRecorder listener = new EventRecorder();
        subscriber.subscribe(service, listener);
        provider.registerInstance(service, NamingClients.instance("10.20.0.2", 9090));
        await().atMost(Waits.PUSH).untilAsserted(() -> assertEquals(List.of("10.20.0.2:9090"), listener.lastEndpoints()));
        assertEquals(List.of("10.20.0.2:9090"), NamingClients.endpoints(subscriber.getAllInstances(service, false)));
    }

    @Test
    @Order(5)
    @DisplayName("the server and the application listen on loopback addresses only")
    void loopbackOnly() {
        List<String> listening = probes.listeners(server.pids());
        assertTrue(listening.stream().anyMatch(line -> line.contains(":" + server.httpPort() + " ")),
                "the HTTP port is among the server's listeners: " + listening);
        assertEquals(List.of(), probes.nonLoopbackListeners(server.pids()));
    }

    @Test
    @Order(6)
    @DisplayName("with the PostgreSQL datasource of docs/operations.md snippet the store keeps instances in it by JNDI, across a redeploy, and leaves the embedded H2 alone")
    void jndiDatasource() throws Exception {
        postgres = LocalPostgres.start();
        // The snippets' own example database, user and password: only the port and the driver's path are replaced.
        postgres.createDatabase("nacos", "nacos", "secret");
        datasourceAdded = true;
        String jndiName = server.addPostgresDatasource(driverJar(), postgres.port());
        long logMark = Files.size(server.serverLog());

        server.deploy(WAR);
        awaitReady();
        String opened = "Naming store: PostgreSQL ";
        await("the store logs PostgreSQL by JNDI in " + server.serverLog()).atMost(Duration.ofSeconds(10))
                .until(() -> logSince(logMark).lines().anyMatch(line -> line.contains(opened)
                        && line.contains(" at JNDI datasource " + jndiName + ",")));
        NacosHttp http = new NacosHttp(serverAddr());
        NacosHttp.Answer readiness = http.get("/nacos/v1/console/health/readiness", Map.of());
        assertEquals("200 OK", readiness.status() + " " + readiness.body(), "the naming-store check is UP");
        Path embedded = StoreFiles.database(server);
        FileTime embeddedWritten = Files.getLastModifiedTime(embedded);
        assertFalse(StoreFiles.lockedByServer(embedded), "the embedded H2 is closed and not opened again");

        // The server's own HTTP port on 127.0.0.1: the health check's TCP probe finds it open, on this machine.
        String service = NamingClients.uniqueName("jndi");
        String endpoint = "127.0.0.1:" + server.httpPort();
        NacosHttp.Answer stored = http.call("POST", "/nacos/v1/ns/instance", Map.of("serviceName", service,
                "ip", "127.0.0.1", "port", Integer.toString(server.httpPort()), "ephemeral", "false"));
        assertEquals("200 ok", stored.status() + " " + stored.body(), stored::toString);
        assertEquals(List.of(endpoint), postgresEndpoints(service), "the instance is a row in PostgreSQL");

        // Undeploy and deploy, not deploy --force: Payara may start the new copy before the old one's gRPC port is free.
        server.undeploy();
        awaitGrpcPortFree();
        server.deploy(WAR);
        awaitReady();
        NacosHttp.Answer loaded = http.get("/nacos/v1/ns/instance/list", Map.of("serviceName", service));
        assertEquals(List.of(endpoint), NacosHttp.endpoints(loaded.json()), loaded::toString);
        assertEquals(embeddedWritten, Files.getLastModifiedTime(embedded), "the embedded H2 file is unchanged");
        assertFalse(StoreFiles.lockedByServer(embedded), "the redeployed store did not open the embedded H2");
    }

    /** The driver jar the WAR bundles, as the test's own class path has it (the same version, from Maven). */
    private static Path driverJar() throws Exception {
        return Path.of(org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private List<String> postgresEndpoints(String service) throws SQLException {
        List<String> endpoints = new ArrayList<>();
        try (Connection connection = postgres.connect("nacos");
             PreparedStatement query = connection.prepareStatement(
                     "SELECT ip, port FROM naming_instance WHERE service_name = ? ORDER BY ip, port")) {
            query.setString(1, service);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    endpoints.add(rows.getString(1) + ":" + rows.getInt(2));
                }
            }
        }
        return endpoints;
    }

    private List<String> applicationThreads() {
        return probes.threadNames(server.serverPid()).stream()
                .filter(name -> name.startsWith("jacos-") || name.startsWith("grpc-"))
                .toList();
    }

    private String logSince(long offset) throws IOException {
        byte[] log = Files.readAllBytes(server.serverLog());
        return offset >= log.length ? "" : new String(log, (int) offset, log.length - (int) offset,
                StandardCharsets.UTF_8);
    }

    private static boolean runsApplicationCode(String log) {
        return log.contains("at io.jacos.") || log.contains("keeps its schedule") || log.contains("Delay task for");
    }

    private void awaitGrpcPortFree() {
        int grpcPort = server.httpPort() + 1000;
        await("gRPC port " + grpcPort + " free").atMost(UNDEPLOYED).until(() -> HostProbes.noListener(grpcPort));
    }

    private String serverAddr() {
        return "127.0.0.1:" + server.httpPort();
    }

    private void awaitReady() {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(
                        URI.create("http://" + serverAddr() + "/nacos/v1/console/health/readiness"))
                .timeout(Duration.ofSeconds(5)).build();
        Awaitility.await(server.name() + " serves the WAR").atMost(DEPLOYED).pollInterval(Duration.ofMillis(250))
                .ignoreExceptions()
                .until(() -> http.send(ready, HttpResponse.BodyHandlers.ofString()).statusCode() == 200);
    }
}
