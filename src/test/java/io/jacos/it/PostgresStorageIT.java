package io.jacos.it;

import io.jacos.it.support.JacosServer;
import io.jacos.testing.LocalPostgres;
import io.jacos.it.support.SharedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server on PostgreSQL, configured with the property names of a Nacos {@code application.properties}, against
 * a throw-away PostgreSQL the test starts itself: the schema is made at the first start and left alone at the
 * second, the pool takes its size from {@code db.pool.config.*}, and a stopped server leaves no connection open.
 * The restart contract of persistent naming holds here as it does on the embedded database.
 */
@DisplayName("The server with its naming store on PostgreSQL")
class PostgresStorageIT extends PersistentRestartContract {

    private static final String DATABASE = "jacos_it";
    private static final int MAX_POOL = 3;
    /** Every migration in src/main/resources/db/jacos, applied once each. */
    private static final List<String> MIGRATED = List.of("1", "2", "3", "4", "5", "6", "7");

    private static LocalPostgres postgres;
    private static JacosServer server;

    @BeforeAll
    static void start() {
        postgres = LocalPostgres.start();
        String url = postgres.createDatabase(DATABASE);
        Map<String, String> settings = new HashMap<>(SharedServer.settingsUsed());
        settings.putAll(Map.of("spring.sql.init.platform", "postgresql", "db.url.0", url,
                "db.user.0", LocalPostgres.USER, "db.password.0", "not-checked-by-trust-auth",
                "db.pool.config.maximumPoolSize", Integer.toString(MAX_POOL),
                "db.pool.config.minimumIdle", Integer.toString(MAX_POOL)));
        server = new JacosServer("postgres", SharedServer.ownServerPort(8), settings).start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Override
    JacosServer server() {
        return server;
    }

    @Test
    @DisplayName("ready with only the product named; schema migrated once, across a restart; the pool as configured; closed at stop")
    void runsOnPostgres() throws Exception {
        String ready = readiness();
        assertTrue(ready.contains("\"name\":\"naming-store\",\"status\":\"UP\""), ready);
        // The open readiness answer names the product only: no URL, host or database name.
        assertTrue(ready.contains("PostgreSQL") && !ready.contains(DATABASE) && !ready.contains("jdbc:")
                && !ready.contains("not-checked"), ready);
        assertEquals(MIGRATED, query("SELECT version FROM flyway_schema_history WHERE success ORDER BY installed_rank"));
        assertEquals(List.of("naming_cluster", "naming_instance", "naming_namespace", "naming_service"), query(
                "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'naming_%' ORDER BY table_name"));
        assertEquals(List.of("config_entry", "config_gray", "config_history"), query(
                "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'config_%' ORDER BY table_name"));
        await("pool at its configured size").atMost(Duration.ofSeconds(30))
                .until(() -> serverConnections() == MAX_POOL);

        server.stop();
        await("no connection left after stop").atMost(Duration.ofSeconds(30)).until(() -> serverConnections() == 0);
        server.start();

        assertTrue(readiness().contains("\"name\":\"naming-store\",\"status\":\"UP\""));
        assertEquals(MIGRATED, query("SELECT version FROM flyway_schema_history WHERE success ORDER BY installed_rank"),
                "the second start applied nothing");
    }

    private static String readiness() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://" + server.serverAddr() + "/health/ready"))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        return response.body().replace(" ", "");
    }

    private static int serverConnections() throws SQLException {
        return Integer.parseInt(query("SELECT count(*) FROM pg_stat_activity WHERE datname = '" + DATABASE
                + "' AND pid <> pg_backend_pid()").get(0));
    }

    private static List<String> query(String sql) throws SQLException {
        try (Connection connection = postgres.connect(DATABASE); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            List<String> values = new java.util.ArrayList<>();
            while (rows.next()) {
                values.add(rows.getString(1));
            }
            return values;
        }
    }
}
