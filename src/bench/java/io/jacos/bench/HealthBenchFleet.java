package io.jacos.bench;

import io.jacos.application.PersistentInstanceService.CheckTarget;
import io.jacos.testing.ProbeTargets;
import io.jacos.testing.ProbeTargets.Blackhole;
import io.jacos.testing.ProbeTargets.TcpListener;
import io.jacos.model.HealthCheck;
import io.jacos.model.ServiceKey;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The targets of the health benchmark, all on 127.0.0.1: half live (a few real listeners that accept and close),
 * a quarter refusing (released ports), a quarter hanging until the probe's timeout (listeners with a full backlog).
 * Instances are told apart by service and port; many share one probe port, as instances behind one proxy would.
 */
final class HealthBenchFleet implements AutoCloseable {

    private final List<TcpListener> live = new ArrayList<>();
    private final List<Blackhole> hanging = new ArrayList<>();
    private final List<Integer> refusing = new ArrayList<>();

    HealthBenchFleet(int listeners, int blackHoles, int refusingPorts) throws IOException {
        for (int i = 0; i < listeners; i++) {
            live.add(new TcpListener());
        }
        for (int i = 0; i < blackHoles; i++) {
            hanging.add(new Blackhole());
        }
        for (int i = 0; i < refusingPorts; i++) {
            refusing.add(ProbeTargets.closedPort());
        }
    }

    Set<Integer> liveProbePorts() {
        return live.stream().map(TcpListener::port).collect(Collectors.toUnmodifiableSet());
    }

    /** {@code count} healthy-marked TCP targets: even ones live, odd ones alternately refusing and hanging. */
    List<CheckTarget> targets(int count) {
        List<CheckTarget> targets = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int probePort;
            if (i % 2 == 0) {
                probePort = live.get(i / 2 % live.size()).port();
            } else if (i / 2 % 2 == 0) {
                probePort = refusing.get(i / 4 % refusing.size());
            } else {
                probePort = hanging.get(i / 4 % hanging.size()).port();
            }
            ServiceKey service = new ServiceKey("public", "DEFAULT_GROUP", "bench-health-" + i % 100);
            targets.add(new CheckTarget(service, "127.0.0.1", 10_000 + i, probePort, HealthCheck.TCP, true));
        }
        return targets;
    }

    @Override
    public void close() throws IOException {
        for (TcpListener listener : live) {
            listener.close();
        }
        for (Blackhole blackHole : hanging) {
            blackHole.close();
        }
    }
}
