package io.jacos.health;

import io.jacos.model.HealthCheck;
import io.jacos.model.ServiceKey;
import io.jacos.testing.HealthCheckedInstances;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Persistent instances held in memory: the targets a test sets up, and every verdict the checker stores. */
final class FakeRegistry extends HealthCheckedInstances {

    static final ServiceKey SERVICE = new ServiceKey("public", "DEFAULT_GROUP", "orders");

    record Verdict(String ip, int port, boolean healthy, String thread) {
    }

    private final Map<TargetKey, CheckTarget> targets = new ConcurrentHashMap<>();
    private final List<Verdict> verdicts = new ArrayList<>();

    /** A healthy instance at 127.0.0.1:{@code port}, probed on its own port. */
    void add(int port, HealthCheck check) {
        put(new CheckTarget(SERVICE, "127.0.0.1", port, port, check, true));
    }

    void put(CheckTarget target) {
        targets.put(new TargetKey(target.service(), target.ip(), target.port()), target);
    }

    void remove(int port) {
        targets.remove(new TargetKey(SERVICE, "127.0.0.1", port));
    }

    /** Sets the mark by hand, as an operator would. */
    void mark(int port, boolean healthy) {
        targets.computeIfPresent(new TargetKey(SERVICE, "127.0.0.1", port), (k, t) -> withMark(t, healthy));
    }

    boolean healthy(int port) {
        return targets.get(new TargetKey(SERVICE, "127.0.0.1", port)).healthy();
    }

    synchronized List<Verdict> verdicts() {
        return List.copyOf(verdicts);
    }

    synchronized List<Verdict> verdictsFor(int port) {
        return verdicts.stream().filter(v -> v.port() == port).toList();
    }

    @Override
    public List<CheckTarget> checkTargets() {
        return new ArrayList<>(targets.values());
    }

    @Override
    public boolean checked(ServiceKey service, String ip, int port, boolean healthy) {
        synchronized (this) {
            verdicts.add(new Verdict(ip, port, healthy, Thread.currentThread().getName()));
        }
        CheckTarget before = targets.get(new TargetKey(service, ip, port));
        if (before == null || before.healthy() == healthy) {
            return false;
        }
        targets.put(new TargetKey(service, ip, port), withMark(before, healthy));
        return true;
    }

    private static CheckTarget withMark(CheckTarget t, boolean healthy) {
        return new CheckTarget(t.service(), t.ip(), t.port(), t.probePort(), t.check(), healthy);
    }
}
