package io.jacos.it.faults;

import org.awaitility.Awaitility;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One scenario from start to verdict: clients on both client hosts churn, the fault is applied and healed, churn
 * goes on a while and stops, then the {@link FaultChecker} judges. Which nacos-client a host's clients run is the
 * class path given for it (the test JVM's own when none is).
 */
final class FaultScenario {

    /** After heal (and churn stopped), every node and every subscriber agree within this. */
    static final Duration AGREEMENT_BOUND = Duration.ofSeconds(60);
    /**
     * Applications (each its own nacos-client) per client JVM: with the default three JVMs per host, 12 clients on
     * each client host.
     */
    static final int APPS_PER_CLIENT = Integer.getInteger("jacos.faults.apps-per-client", 4);
    private static final Map<String, List<String>> ALL_NODES = Map.of("c0", HostedCluster.NODES,
            "c1", HostedCluster.NODES);

    private final TestHosts hosts;
    private final HostedCluster cluster;
    private final int clientsPerHost;
    private final Map<String, String> classpaths;

    FaultScenario(TestHosts hosts, HostedCluster cluster, int clientsPerHost, Map<String, String> classpaths) {
        this.hosts = hosts;
        this.cluster = cluster;
        this.clientsPerHost = clientsPerHost;
        this.classpaths = classpaths;
    }

    void run(String name, long seed, Consumer<FaultInjector> fault) throws Exception {
        run(name, seed, fault, false);
    }

    /** {@code returnsUntilHeal}: see {@link FaultChecker}; for a bridge node's partition only. */
    void run(String name, long seed, Consumer<FaultInjector> fault, boolean returnsUntilHeal) throws Exception {
        Path churning = Files.createTempFile("jacos-faults-churn", "");
        FaultInjector injector = new FaultInjector(hosts, cluster);
        try (FaultRun run = FaultRun.start(hosts, cluster, seed, name, clientsPerHost, APPS_PER_CLIENT,
                ALL_NODES, classpaths, churning)) {
            FaultChecker checker = new FaultChecker(run::recording, seed, injector::journal, returnsUntilHeal);
            Awaitility.await("[seed " + seed + "] churn before the fault").atMost(Duration.ofSeconds(60))
                    .until(() -> run.churnAcks() >= 2L * clientsPerHost);
            fault.accept(injector);
            long healed = System.currentTimeMillis();
            long before = run.churnAcks();
            Awaitility.await("[seed " + seed + "] churn after heal").atMost(Duration.ofSeconds(90))
                    .until(() -> run.churnAcks() >= before + 2L * clientsPerHost);
            Files.delete(churning);
            Awaitility.await("[seed " + seed + "] churn stopped").atMost(Duration.ofSeconds(30)).until(run::allQuiet);
            long quiet = System.currentTimeMillis();
            long agreed = checker.awaitAgreement(AGREEMENT_BOUND);
            // The views must also stay agreed: they are looked at again over a few more polls.
            Awaitility.await().pollDelay(Duration.ofSeconds(5)).until(() -> true);
            checker.assertStayedAgreed(agreed);
            checker.checkNothingReappears();
            checker.checkNoEmptyPush(run.service());
            checker.checkRefusalsCoded();
            FaultFigures.print(name, seed, run.recording(), healed, quiet, agreed, injector.journal());
            checker.assertNoViolations();
        } finally {
            injector.healAll();
            Files.deleteIfExists(churning);
        }
    }
}
