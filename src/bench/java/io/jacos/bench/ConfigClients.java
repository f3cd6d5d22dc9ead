package io.jacos.bench;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.exception.NacosException;

import org.awaitility.Awaitility;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The config side of {@link Clients}: real nacos-client 2.5.1 {@link ConfigService} instances, each with its own
 * gRPC connection (one "client" as the server sees it), all shut down at the end.
 */
final class ConfigClients implements AutoCloseable {

    private static final long CONNECT_TIMEOUT_MILLIS = 15_000;

    private final String serverAddr;
    private final BenchAuth auth;
    private final ConcurrentLinkedQueue<ConfigService> open = new ConcurrentLinkedQueue<>();

    /** Clients that log in with {@code auth} (null: auth off). */
    ConfigClients(String serverAddr, BenchAuth auth) {
        this.serverAddr = serverAddr;
        this.auth = auth;
    }

    /** A new client whose connection is up: asking its status opens it (the client connects lazily). */
    ConfigService create() throws NacosException {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, serverAddr);
        if (auth != null) {
            properties.setProperty(PropertyKeyConst.USERNAME, auth.username());
            properties.setProperty(PropertyKeyConst.PASSWORD, auth.password());
        }
        ConfigService config = ConfigFactory.createConfigService(properties);
        open.add(config);
        Awaitility.await("config client connected to " + serverAddr)
                .atMost(Duration.ofMillis(CONNECT_TIMEOUT_MILLIS)).pollInterval(Duration.ofMillis(20))
                .until(() -> "UP".equals(config.getServerStatus()));
        return config;
    }

    /** Creates {@code count} clients in parallel on the pool (each connects synchronously). */
    List<ConfigService> create(int count, ExecutorService pool) throws Exception {
        List<Future<ConfigService>> futures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            futures.add(pool.submit(() -> create()));
        }
        List<ConfigService> created = new ArrayList<>();
        for (Future<ConfigService> f : futures) {
            created.add(f.get(CONNECT_TIMEOUT_MILLIS * 2, TimeUnit.MILLISECONDS));
        }
        return created;
    }

    int openCount() {
        return open.size();
    }

    /** Shuts every client down in parallel, bounded; whatever hangs is left to System.exit. */
    @Override
    public void close() {
        ParallelShutdown.all(open, ConfigService::shutDown, "bench-config-close");
    }
}
