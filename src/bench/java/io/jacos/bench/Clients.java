package io.jacos.bench;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;

import org.awaitility.Awaitility;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates real nacos-client 2.5.1 NamingService instances and shuts every one of them down at the end. Each
 * has its own gRPC connection, so it is one "client" as the server sees it.
 */
final class Clients implements AutoCloseable {

    private static final long CONNECT_TIMEOUT_MILLIS = 15_000;

    private final String serverAddr;
    private final BenchAuth auth;
    private final ConcurrentLinkedQueue<NamingService> open = new ConcurrentLinkedQueue<>();
    private final AtomicInteger created = new AtomicInteger();

    Clients(String serverAddr) {
        this(serverAddr, null);
    }

    /** Clients that log in with {@code auth} (null: auth off). */
    Clients(String serverAddr, BenchAuth auth) {
        this.serverAddr = serverAddr;
        this.auth = auth;
    }

    String serverAddr() {
        return serverAddr;
    }

    /** A new client whose connection is up (the client connects in the background if its first try fails). */
    NamingService create() throws NacosException, InterruptedException {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, serverAddr);
        properties.setProperty(PropertyKeyConst.NAMING_LOAD_CACHE_AT_START, "false");
        if (auth != null) {
            properties.setProperty(PropertyKeyConst.USERNAME, auth.username());
            properties.setProperty(PropertyKeyConst.PASSWORD, auth.password());
        }
        // A cache directory of its own, as a client on its own host has: clients sharing one would fight over
        // the file lock of the same service file on every push, which slows their acks and so the server.
        properties.setProperty(PropertyKeyConst.NAMING_CACHE_REGISTRY_DIR, "client-" + created.incrementAndGet());
        NamingService naming = NamingFactory.createNamingService(properties);
        open.add(naming);
        Awaitility.await("client connected to " + serverAddr)
                .atMost(Duration.ofMillis(CONNECT_TIMEOUT_MILLIS)).pollInterval(Duration.ofMillis(20))
                .until(() -> "UP".equals(naming.getServerStatus()));
        return naming;
    }

    /** Creates {@code count} clients in parallel on the pool (creation is slow: it connects synchronously). */
    List<NamingService> create(int count, ExecutorService pool) throws Exception {
        List<Future<NamingService>> futures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            futures.add(pool.submit(() -> create()));
        }
        List<NamingService> created = new ArrayList<>();
        for (Future<NamingService> f : futures) {
            created.add(f.get(CONNECT_TIMEOUT_MILLIS * 2, TimeUnit.MILLISECONDS));
        }
        return created;
    }

    /** Closes one client now (its connection ends); it is not closed again at the end. */
    void shutDown(NamingService naming) throws NacosException {
        open.remove(naming);
        naming.shutDown();
    }

    int openCount() {
        return open.size();
    }

    /** Shuts every client down in parallel, bounded; whatever hangs is left to System.exit. */
    @Override
    public void close() {
        ParallelShutdown.all(open, NamingService::shutDown, "bench-close");
    }
}
