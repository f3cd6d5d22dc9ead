package io.jacos.it.faults;

import io.jacos.it.support.RunsBeside;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * A cut with both generations of clients at once: host {@code c0} runs the real nacos-client 1.4.6 (HTTP
 * registrations and beats, UDP pushes, its own polls), host {@code c1} the real 2.5.1 (gRPC). It runs in the 1.4.6
 * test JVM, whose class path is 1.4.6's; the 2.5.1 class path comes in {@code jacos.client2.classpath}. The
 * guarantees are {@link FaultScenariosIT}'s, with the two 1.x exceptions the README states and
 * {@link FaultChecker#checkNothingReappears()} allows.
 */
@RunsBeside
@DisplayName("a three-host cluster under a cut, 1.4.6 clients on one host and 2.5.1 on the other")
class MixedClientFaultsIT {

    private static final int CLIENTS_PER_HOST = Integer.getInteger("jacos.faults.clients-per-host", 3);

    private static FaultLab lab;

    @BeforeAll
    static void startHosts() {
        lab = FaultLab.start("mixed");
    }

    @AfterAll
    static void stopHosts() {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    @DisplayName("one node isolated from peers and clients under churn of 1.4.6 and 2.5.1 clients, then healed")
    void isolatedNode() throws Exception {
        String client2 = Objects.requireNonNull(System.getProperty("jacos.client2.classpath"),
                "jacos.client2.classpath: the 2.5.1 class path, set by the it-client-1 execution");
        Map<String, String> classpaths = Map.of("c0", System.getProperty("java.class.path"), "c1", client2);
        long seed = Long.getLong("jacos.faults.seed", System.nanoTime());
        new FaultScenario(lab.hosts, lab.cluster, CLIENTS_PER_HOST, classpaths).run("mixed-isolated", seed,
                f -> f.hold("isolate n0", f.isolate("n0", FaultLab.allHosts()), Duration.ofSeconds(20), () -> { }));
    }
}
