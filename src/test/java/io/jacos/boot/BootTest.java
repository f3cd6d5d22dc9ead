package io.jacos.boot;

import io.jacos.application.ConfigService;
import io.jacos.application.internal.ConfigCatchUp;
import io.jacos.application.internal.HandedOffClients;
import io.jacos.application.internal.StoredNamingLoader;
import io.jacos.auth.AuthStartup;
import io.jacos.balance.Rebalancer;
import io.jacos.cluster.ClusterChannel;
import io.jacos.health.ConnectionHealthCheck;
import io.jacos.health.LeaseCheck;
import io.jacos.health.PersistentHealthCheck;
import io.jacos.persistence.StorageStartup;
import io.jacos.metrics.JacosMetrics;
import io.jacos.push.PushService;
import io.jacos.registry.IdleServiceSweep;
import io.jacos.registry.RegistryReader;
import io.jacos.registry.RegistryStats;
import io.jacos.replication.JoinSync;
import io.jacos.push.ConfigPushService;
import io.jacos.replication.ReplicationStartup;
import io.jacos.transport.grpc.ConnectionTable;
import io.jacos.transport.grpc.GrpcServerLifecycle;
import io.jacos.transport.grpc.GrpcWarmUp;
import io.jacos.transport.http.admin.StartTime;
import io.jacos.transport.udp.UdpPushChannel;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class BootTest {

    private final List<String> calls = new ArrayList<>();
    private String failingCall;

    @Test
    void itStartsEachPartInTheStatedOrder() {
        Boot boot = boot();

        boot.start();

        assertEquals(List.of("start time", "registry", "grpc warm-up", "storage open", "auth start", "push start",
                "stored naming load", "stored configurations load", "config push start", "config catch-up start",
                "replication start",
                "cluster join", "join sync", "handed-off sweep start",
                "idle sweep start", "lease check start", "persistent health start", "connection health start",
                "rebalance start", "metrics start", "request timeouts start", "udp start", "grpc start"), calls);
    }

    @Test
    void itStopsInReverseOrderDrainingFirstAndOnlyOnce() {
        Boot boot = boot();
        boot.start();
        calls.clear();

        boot.stop();
        boot.stop();

        assertEquals(List.of("drain", "grpc stop", "udp stop", "request timeouts stop", "rebalance stop",
                "connection health stop", "persistent health stop", "lease check stop", "idle sweep stop",
                "handed-off sweep stop", "cluster leave", "replication stop", "config catch-up stop", "config push stop", "push stop",
                "auth stop"), calls);
    }

    @Test
    void aStepThatFailsToStartStopsTheStepsBeforeItAndFailsTheStart() {
        failingCall = "cluster join";
        Boot boot = boot();

        assertThrows(IllegalStateException.class, boot::start);

        assertEquals(List.of("start time", "registry", "grpc warm-up", "storage open", "auth start", "push start",
                "stored naming load", "stored configurations load", "config push start", "config catch-up start",
                "replication start",
                "cluster join", "replication stop", "config catch-up stop", "config push stop", "push stop", "auth stop"), calls);
        calls.clear();
        boot.stop();
        assertEquals(List.of(), calls);
    }

    @Test
    void aStepThatFailsToStopDoesNotKeepTheOthersFromStopping() {
        failingCall = "grpc stop";
        Boot boot = boot();
        boot.start();
        calls.clear();

        boot.stop();

        assertEquals(List.of("drain", "grpc stop", "udp stop"), calls.subList(0, 3));
        assertEquals("auth stop", calls.get(calls.size() - 1));
    }

    private void call(String name) {
        calls.add(name);
        if (name.equals(failingCall)) {
            throw new IllegalStateException(name + " failed");
        }
    }

    private Boot boot() {
        return new Boot(
                new StartTime() {
                    @Override
                    public void record() {
                        call("start time");
                    }
                },
                new RegistryReader() {
                    @Override
                    public RegistryStats stats() {
                        call("registry");
                        return null;
                    }
                },
                new StorageStartup() {
                    @Override
                    public void open() {
                        call("storage open");
                    }
                },
                new AuthStartup() {
                    @Override
                    public void start() {
                        call("auth start");
                    }

                    @Override
                    public void stop() {
                        call("auth stop");
                    }
                },
                new PushService() {
                    @Override
                    public synchronized void start() {
                        call("push start");
                    }

                    @Override
                    public synchronized void stop() {
                        call("push stop");
                    }
                },
                new StoredNamingLoader() {
                    @Override
                    public void load() {
                        call("stored naming load");
                    }
                },
                new ReplicationStartup() {
                    @Override
                    public void start() {
                        call("replication start");
                    }

                    @Override
                    public void stop() {
                        call("replication stop");
                    }
                },
                new ClusterChannel() {
                    @Override
                    public void start() {
                        call("cluster join");
                    }

                    @Override
                    public void shutDown() {
                        call("cluster leave");
                    }
                },
                new JoinSync() {
                    @Override
                    public void awaitPeers() {
                        call("join sync");
                    }
                },
                new HandedOffClients() {
                    @Override
                    public void start() {
                        call("handed-off sweep start");
                    }

                    @Override
                    public void stop() {
                        call("handed-off sweep stop");
                    }
                },
                new IdleServiceSweep() {
                    @Override
                    public void start() {
                        call("idle sweep start");
                    }

                    @Override
                    public void stop() {
                        call("idle sweep stop");
                    }
                },
                new LeaseCheck() {
                    @Override
                    public void start() {
                        call("lease check start");
                    }

                    @Override
                    public void stop() {
                        call("lease check stop");
                    }
                },
                new PersistentHealthCheck() {
                    @Override
                    public void start() {
                        call("persistent health start");
                    }

                    @Override
                    public void stop() {
                        call("persistent health stop");
                    }
                },
                new ConnectionHealthCheck() {
                    @Override
                    public void start() {
                        call("connection health start");
                    }

                    @Override
                    public void stop() {
                        call("connection health stop");
                    }
                },
                new Rebalancer() {
                    @Override
                    public void start() {
                        call("rebalance start");
                    }

                    @Override
                    public void stop() {
                        call("rebalance stop");
                    }
                },
                new JacosMetrics() {
                    @Override
                    public void start() {
                        call("metrics start");
                    }
                },
                new ConnectionTable() {
                    @Override
                    public synchronized void start() {
                        call("request timeouts start");
                    }

                    @Override
                    public synchronized void stop() {
                        call("request timeouts stop");
                    }
                },
                new UdpPushChannel() {
                    @Override
                    public void start() {
                        call("udp start");
                    }

                    @Override
                    public synchronized void shutDown() {
                        call("udp stop");
                    }
                },
                new GrpcWarmUp() {
                    @Override
                    public void start() {
                        call("grpc warm-up");
                    }
                },
                new GrpcServerLifecycle() {
                    @Override
                    public void start() {
                        call("grpc start");
                    }

                    @Override
                    public void shutDown() {
                        call("grpc stop");
                    }
                },
                () -> call("drain"),
                configService(),
                new ConfigPushService() {
                    @Override
                    public synchronized void start() {
                        call("config push start");
                    }

                    @Override
                    public synchronized void stop() {
                        call("config push stop");
                    }
                },
                new ConfigCatchUp() {
                    @Override
                    public synchronized void start() {
                        call("config catch-up start");
                    }

                    @Override
                    public synchronized void stop() {
                        call("config catch-up stop");
                    }
                });
    }

    /** Only the index load is a boot step; the use cases are never called at start. */
    private ConfigService configService() {
        return (ConfigService) Proxy.newProxyInstance(ConfigService.class.getClassLoader(),
                new Class<?>[]{ConfigService.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("loadIndex")) {
                        throw new AssertionError("called at boot: " + method.getName());
                    }
                    call("stored configurations load");
                    return null;
                });
    }
}
