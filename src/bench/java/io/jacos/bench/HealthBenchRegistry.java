package io.jacos.bench;

import io.jacos.model.ServiceKey;
import io.jacos.testing.HealthCheckedInstances;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The persistent instances of the health benchmark, in memory, and the verdicts the checker stores on them:
 * every verdict against the truth (a live instance marked unhealthy, a dead one marked healthy) is false.
 */
final class HealthBenchRegistry extends HealthCheckedInstances {

    private record Key(ServiceKey service, String ip, int port) {
    }

    private final Map<Key, CheckTarget> targets = new ConcurrentHashMap<>();
    private final Set<Integer> liveProbePorts;
    private final Set<Key> deadMarkedUnhealthy = ConcurrentHashMap.newKeySet();
    private final AtomicInteger falseVerdicts = new AtomicInteger();

    HealthBenchRegistry(List<CheckTarget> all, Set<Integer> liveProbePorts) {
        all.forEach(t -> targets.put(new Key(t.service(), t.ip(), t.port()), t));
        this.liveProbePorts = liveProbePorts;
    }

    @Override
    public List<CheckTarget> checkTargets() {
        return new ArrayList<>(targets.values());
    }

    @Override
    public boolean checked(ServiceKey service, String ip, int port, boolean healthy) {
        Key key = new Key(service, ip, port);
        CheckTarget before = targets.get(key);
        if (before == null || before.healthy() == healthy) {
            return false;
        }
        boolean live = liveProbePorts.contains(before.probePort());
        if (live != healthy) {
            falseVerdicts.incrementAndGet();
        } else if (!healthy) {
            deadMarkedUnhealthy.add(key);
        }
        targets.put(key, new CheckTarget(service, ip, port, before.probePort(), before.check(), healthy));
        return true;
    }

    int falseVerdicts() {
        return falseVerdicts.get();
    }

    int deadMarkedUnhealthy() {
        return deadMarkedUnhealthy.size();
    }
}
