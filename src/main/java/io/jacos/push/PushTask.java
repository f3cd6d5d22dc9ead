package io.jacos.push;

import io.jacos.model.ClientId;
import io.jacos.task.MergeableTask;

import java.util.HashMap;
import java.util.Map;

/**
 * Pending push work for one service: to every subscriber, and/or to named subscribers with the attempt
 * number of each (for bounded retries). A push to all absorbs the targeted ones that were waiting.
 */
public record PushTask(boolean toAll, Map<ClientId, Integer> targets) implements MergeableTask<PushTask> {

    public PushTask {
        targets = Map.copyOf(targets);
    }

    public static PushTask toAllSubscribers() {
        return new PushTask(true, Map.of());
    }

    public static PushTask to(ClientId client, int attempt) {
        return new PushTask(false, Map.of(client, attempt));
    }

    @Override
    public PushTask merge(PushTask newer) {
        if (toAll || newer.toAll) {
            return toAllSubscribers();
        }
        Map<ClientId, Integer> merged = new HashMap<>(targets);
        newer.targets.forEach((client, attempt) -> merged.merge(client, attempt, Math::min));
        return new PushTask(false, merged);
    }
}
